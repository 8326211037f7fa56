import { useQuery } from "@tanstack/react-query";
import type { FediverseAccount } from "@waveform/contracts/fediverse";
import { fediverseAccountQuery } from "./fediverse.queries";
import { FollowBox } from "./follow-box";

/** The footer's follow box's element id (its code loads with the site frame: app/root-layout.tsx). */
const CLUB_FOLLOW_BOX_ID = "club-fediverse-follow";

/** The club's follow box, in the footer of every page. */
export function ClubFollowBox({ account, who }: { account: FediverseAccount; who: string }) {
  return <FollowBox id={CLUB_FOLLOW_BOX_ID} account={account} who={who} heading="h3" className="mt-6" />;
}

/** A club show's follow box (its page); nothing for a web show or when federation is off. */
export function ShowFollowBox({ slug, who }: { slug: string; who: string }) {
  const { data } = useQuery(fediverseAccountQuery(slug));
  if (!data?.account) return null;
  return (
    <FollowBox
      id="show-fediverse-follow"
      account={data.account}
      show={slug}
      who={who}
      className="mt-8 rounded-xl border p-5"
    />
  );
}
