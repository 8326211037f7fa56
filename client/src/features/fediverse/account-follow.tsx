import { useQuery } from "@tanstack/react-query";
import { fediverseAccountQuery } from "./fediverse.queries";
import { FollowBox } from "./follow-box";

/** The club's follow box (the footer); nothing when the club is not on the fediverse. */
export function ClubFollowBox({ who }: { who: string }) {
  const { data } = useQuery(fediverseAccountQuery());
  if (!data?.account) return null;
  return <FollowBox account={data.account} who={who} heading="h3" className="mt-6" />;
}

/** A club show's follow box (its page); nothing for a web show or when federation is off. */
export function ShowFollowBox({ slug, who }: { slug: string; who: string }) {
  const { data } = useQuery(fediverseAccountQuery(slug));
  if (!data?.account) return null;
  return <FollowBox account={data.account} show={slug} who={who} className="mt-8 rounded-xl border p-5" />;
}
