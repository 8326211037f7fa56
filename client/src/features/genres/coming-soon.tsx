import { EmptyNotice } from "../../components/media/notices";

/** A genre page tab whose content is not built yet (SPEC §2: Top Artists, Top Tracks). */
export function ComingSoon({ what }: { what: string }) {
  return (
    <EmptyNotice className="p-10">
      <p className="font-semibold text-foreground text-lg">Coming Soon</p>
      <p className="mt-1">{what} for this genre are on their way.</p>
    </EmptyNotice>
  );
}
