import { useQuery } from "@tanstack/react-query";
import { ogImagePath } from "@waveform/contracts/og";
import type { EpisodeNeighbour } from "@waveform/contracts/podcast-pages";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { BUILT_BY_SERVER, PageHead } from "../../components/layout/page-head";
import { PageNotFound } from "../../components/layout/page-not-found";
import { FallbackImage } from "../../components/media/fallback-image";
import { ErrorNotice } from "../../components/media/notices";
import { Skeleton } from "../../components/ui/skeleton";
import { DownloadButton } from "../../features/downloads/download-button";
import { fediverseRepliesQuery, PostReplies } from "../../features/fediverse";
import { EpisodeChapters } from "../../features/podcasts/episode-chapters";
import { EpisodePlayButton, QueueButtons } from "../../features/podcasts/episode-play-button";
import { parseStartTime } from "../../features/podcasts/episode-start-time";
import { EpisodeTranscript } from "../../features/podcasts/episode-transcript";
import { LiveEpisodeProgress } from "../../features/podcasts/live-episode-progress";
import { playerEpisodeOf } from "../../features/podcasts/player-episode";
import { ShareFromButton } from "../../features/podcasts/share-from-button";
import { ShowNotes } from "../../features/podcasts/show-notes";
import { episodePageQuery } from "../../features/podcasts/show-pages.queries";
import { isNotFound } from "../../lib/api/errors";
import { formatDate, formatDuration } from "../../lib/format";
import { paths } from "../../lib/paths";
import { breadcrumbs } from "../../lib/structured-data";
import { showEpisode } from "../../lib/structured-data-podcasts";
import type { RouteQueries } from "../route-data";

function NeighbourLink({
  slug,
  episode,
  direction,
}: {
  slug: string;
  episode: EpisodeNeighbour;
  direction: "previous" | "next";
}) {
  const Icon = direction === "previous" ? ChevronLeft : ChevronRight;
  return (
    <Link
      to={paths.episode(slug, episode.id)}
      rel={direction === "previous" ? "prev" : "next"}
      className="flex items-center gap-2 rounded-xl border p-4 hover:border-primary data-[direction=next]:flex-row-reverse data-[direction=next]:text-right"
      data-direction={direction}
    >
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0">
        <span className="block text-muted-foreground text-xs">
          {direction === "previous" ? "Previous episode" : "Next episode"}
        </span>
        <span className="line-clamp-2 font-medium">{episode.title}</span>
      </span>
    </Link>
  );
}

/**
 * An episode's page: title, date, length, show notes, chapters, transcript, and the episodes either
 * side of it. `?t=1:23` (or `?t=83`) makes its Play start there.
 */
/** One titled part of the episode page below its header (show notes, chapters, transcript). */
function EpisodeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="mb-3 font-bold text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Component() {
  const { show: slug = "", episode: id = "" } = useParams();
  const { data: page, error } = useQuery(episodePageQuery(slug, id));
  const [search] = useSearchParams();
  const startAt = parseStartTime(search.get("t"));

  if (error) {
    if (isNotFound(error)) return <PageNotFound />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <PageHead title="Episode" noindex />
        <h1 className="mb-6 font-bold text-3xl">Episode</h1>
        <ErrorNotice title="Error loading episode" message={error.message} />
      </div>
    );
  }
  if (!page) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-10 sm:px-6" aria-busy="true">
        <PageHead title="Episode" />
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }

  const { episode, show } = page;
  const playable = playerEpisodeOf(episode);
  const path = paths.episode(show.slug, episode.id);
  const showPath = paths.show(show.slug);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <PageHead
        title={`${episode.title} · ${show.title}`}
        description={episode.description || `An episode of ${show.title}, hosted by ${show.host}.`}
        image={ogImagePath("podcast", episode.podcastId)}
        structuredData={
          import.meta.env.SSR
            ? [
                showEpisode(page, path, showPath),
                breadcrumbs([
                  { name: "Home", path: paths.home },
                  { name: "Podcasts", path: paths.podcasts },
                  { name: show.title, path: showPath },
                  { name: episode.title, path },
                ]),
              ]
            : BUILT_BY_SERVER
        }
      />
      <p className="mb-6 text-sm">
        <Link to={showPath} className="text-muted-foreground hover:text-foreground hover:underline">
          ← {show.title}
        </Link>
      </p>
      <header className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <FallbackImage
          src={show.imageUrl}
          alt=""
          width={160}
          height={160}
          loading="eager"
          className="size-32 shrink-0 rounded-2xl object-cover shadow-sm sm:size-40"
        />
        <div className="space-y-2">
          <p className="font-medium text-primary text-sm">{show.title}</p>
          <h1 className="font-bold text-3xl tracking-tight">{episode.title}</h1>
          <p className="text-muted-foreground">
            <time dateTime={episode.date}>{formatDate(episode.date)}</time>
            {episode.duration !== null && <> · {formatDuration(episode.duration)}</>}
            {" · "}Hosted by {show.host}
          </p>
          <div className="flex items-center gap-3 pt-2">
            <EpisodePlayButton episode={playable} title={episode.title} look="hero" startAt={startAt} />
            <div className="min-w-0 flex-1">
              <LiveEpisodeProgress episode={episode} />
            </div>
          </div>
          {playable && (
            <div className="flex flex-wrap items-center gap-3 pt-1">
              {startAt !== null && (
                <p className="text-muted-foreground text-sm">Plays from {formatDuration(startAt)}</p>
              )}
              <ShareFromButton episodeId={episode.id} startAt={startAt} />
              <DownloadButton episode={playable} title={episode.title} />
              <QueueButtons episode={playable} title={episode.title} look="page" />
            </div>
          )}
        </div>
      </header>
      <EpisodeSection id="show-notes-heading" title="Show notes">
        <ShowNotes paragraphs={page.showNotes} />
      </EpisodeSection>
      {page.chapters.length > 0 && (
        <EpisodeSection id="chapters-heading" title="Chapters">
          <EpisodeChapters chapters={page.chapters} episode={playable} />
        </EpisodeSection>
      )}
      {page.transcript.length > 0 && (
        <EpisodeSection id="transcript-heading" title="Transcript">
          <EpisodeTranscript cues={page.transcript} episode={playable} />
        </EpisodeSection>
      )}
      <PostReplies kind="episode" id={String(episode.id)} />
      {(page.previous || page.next) && (
        <nav aria-label="More episodes" className="mt-12 grid gap-3 sm:grid-cols-2">
          {page.previous ? (
            <NeighbourLink slug={show.slug} episode={page.previous} direction="previous" />
          ) : (
            <span />
          )}
          {page.next && <NeighbourLink slug={show.slug} episode={page.next} direction="next" />}
        </nav>
      )}
    </article>
  );
}

export const queries: RouteQueries = ({ params }) => [
  episodePageQuery(params.show ?? "", params.episode ?? ""),
  fediverseRepliesQuery("episode", params.episode ?? ""),
];
