import { useQuery } from "@tanstack/react-query";
import type { Episode } from "@waveform/contracts/podcasts";
import type { ReactNode } from "react";
import { mostPlayedQuery } from "./most-played.queries";
import { ShowEpisodeList } from "./show-episodes";

/**
 * A show's "Most played": its episodes most listened to over the last 7 days, from the club's own
 * counts (issue 33). Not shown at all while too few people listened to mean anything (the server
 * answers an empty list under 10 listeners), nor when the count cannot be read: the page is whole
 * without it.
 */
export function MostPlayed({
  slug,
  actionFor,
}: {
  slug: string;
  actionFor?: (episode: Episode) => ReactNode;
}) {
  const { data } = useQuery(mostPlayedQuery(slug));
  if (!data || data.episodes.length === 0) return null;
  return (
    <section aria-labelledby="most-played-heading" className="mt-10">
      <h2 id="most-played-heading" className="font-bold text-2xl tracking-tight">
        Most played
      </h2>
      <p className="mt-1 mb-4 text-muted-foreground text-sm">
        The episodes the club listened to most this week.
      </p>
      <ShowEpisodeList episodes={data.episodes} actionFor={actionFor} />
    </section>
  );
}
