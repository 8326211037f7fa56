import { PageShell } from "../../components/layout/page-shell";
import { ArtistTabs } from "../../features/spotlight/artist-tabs";
import { SubmissionInvite } from "../../features/spotlight/submission-invite";

export function Component() {
  return (
    <PageShell
      title="Emerging Artists"
      lead="Four artists our curators can't stop playing, and the records that won us over."
    >
      <ArtistTabs />
      <SubmissionInvite />
    </PageShell>
  );
}
