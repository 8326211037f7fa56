import type { Episode } from "@waveform/contracts/podcasts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyNotice } from "../../components/media/notices";
import { Card } from "../../components/ui/card";
import { formatDate, formatDuration } from "../../lib/format";
import { paths } from "../../lib/paths";

/** One episode of a show's list: title (to its page), date, length, the start of its notes. */
function ShowEpisodeRow({ episode, action }: { episode: Episode; action?: ReactNode }) {
  return (
    <li className="flex items-start gap-4 rounded-lg p-3">
      <div className="min-w-0 flex-1 space-y-1">
        <h3 className="font-medium leading-snug">
          <Link to={paths.episode(episode.podcastSlug, episode.id)} className="hover:underline">
            {episode.title}
          </Link>
        </h3>
        <p className="text-muted-foreground text-sm">
          <time dateTime={episode.date}>{formatDate(episode.date)}</time>
          {episode.duration !== null && <> · {formatDuration(episode.duration)}</>}
        </p>
        <p className="line-clamp-2 text-muted-foreground text-sm">{episode.description}</p>
      </div>
      {action}
    </li>
  );
}

/** A show's episodes, newest first; `actionFor` adds a control to each row (play). */
export function ShowEpisodeList({
  episodes,
  actionFor,
}: {
  episodes: Episode[];
  actionFor?: (episode: Episode) => ReactNode;
}) {
  if (episodes.length === 0) return <EmptyNotice>No episodes available</EmptyNotice>;
  return (
    <Card asChild className="divide-y rounded-2xl p-2">
      <ul>
        {episodes.map((episode) => (
          <ShowEpisodeRow key={episode.id} episode={episode} action={actionFor?.(episode)} />
        ))}
      </ul>
    </Card>
  );
}
