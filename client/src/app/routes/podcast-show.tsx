import { useQueries, useQuery } from "@tanstack/react-query";
import { ogImagePath } from "@waveform/contracts/og";
import type { Episode } from "@waveform/contracts/podcasts";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { BUILT_BY_SERVER, PageHead } from "../../components/layout/page-head";
import { PageNotFound } from "../../components/layout/page-not-found";
import { ErrorNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { fediverseAccountQuery, ShowFollowBox } from "../../features/fediverse";
import { EpisodeListSkeleton } from "../../features/podcasts/episode-list";
import { EpisodePlayButton, QueueButtons } from "../../features/podcasts/episode-play-button";
import { MostPlayed } from "../../features/podcasts/most-played";
import { mostPlayedQuery } from "../../features/podcasts/most-played.queries";
import { playerEpisodeOf } from "../../features/podcasts/player-episode";
import { ShowEpisodeList } from "../../features/podcasts/show-episodes";
import { ShowHeader } from "../../features/podcasts/show-header";
import { showPageQuery } from "../../features/podcasts/show-pages.queries";
import { ShowSubscribePanel } from "../../features/podcasts/show-subscribe";
import { absoluteFeedUrl } from "../../features/podcasts/subscribe-links";
import { isNotFound } from "../../lib/api/errors";
import { paths } from "../../lib/paths";
import { siteOrigin } from "../../lib/site-config";
import { breadcrumbs } from "../../lib/structured-data";
import { showSeries } from "../../lib/structured-data-podcasts";
import type { RouteQueries } from "../route-data";

/** An episode row's actions: Play next / Play last (the Up next queue) and play. */
const playAction = (episode: Episode) => {
  const playable = playerEpisodeOf(episode);
  return (
    <>
      <QueueButtons episode={playable} title={episode.title} />
      <EpisodePlayButton episode={playable} title={episode.title} />
    </>
  );
};

/** A show's page: who makes it, how to subscribe, and its episodes 20 at a time, newest first. */
function ShowPage({ slug }: { slug: string }) {
  const first = useQuery(showPageQuery(slug));
  // The offsets of the pages asked for after the first ('Load More Episodes').
  const [moreOffsets, setMoreOffsets] = useState<number[]>([]);
  const more = useQueries({ queries: moreOffsets.map((offset) => showPageQuery(slug, offset)) });

  if (first.error) {
    if (isNotFound(first.error)) return <PageNotFound />;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <PageHead title="Podcast" noindex />
        <h1 className="mb-6 font-bold text-3xl">Podcast</h1>
        <ErrorNotice title="Error loading podcast" message={first.error.message} />
      </div>
    );
  }

  const show = first.data?.show;
  const episodes = [first.data, ...more.map((page) => page.data)].flatMap((page) => page?.episodes ?? []);
  const last = more.length > 0 ? more[more.length - 1] : first;
  const nextOffset = last?.data?.nextOffset ?? null;
  const path = paths.show(slug);
  const feedUrl = show ? absoluteFeedUrl(show.subscribe.feedUrl, siteOrigin()) : "";

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      {show ? (
        <PageHead
          title={show.title}
          description={`${show.description} Hosted by ${show.host}.`}
          image={ogImagePath("podcast", show.id)}
          structuredData={
            import.meta.env.SSR
              ? [
                  showSeries(show, path, feedUrl),
                  breadcrumbs([
                    { name: "Home", path: paths.home },
                    { name: "Podcasts", path: paths.podcasts },
                    { name: show.title, path },
                  ]),
                ]
              : BUILT_BY_SERVER
          }
          feed={show.subscribe.ownFeed ? { title: show.title, href: feedUrl } : undefined}
        />
      ) : (
        <PageHead title="Podcast" />
      )}
      <p className="mb-6 text-sm">
        <Link to={paths.podcasts} className="text-muted-foreground hover:text-foreground hover:underline">
          ← All podcasts
        </Link>
      </p>
      <ShowHeader show={show} />
      {show && (
        <div className="mt-8">
          <ShowSubscribePanel subscribe={show.subscribe} platform={show.platform} />
        </div>
      )}
      {show?.subscribe.ownFeed && <ShowFollowBox slug={slug} who={show.title} />}
      <MostPlayed slug={slug} actionFor={playAction} />
      <section aria-labelledby="episodes-heading" className="mt-10">
        <h2 id="episodes-heading" className="mb-4 font-bold text-2xl tracking-tight">
          Episodes
        </h2>
        {first.isPending ? (
          <EpisodeListSkeleton count={5} />
        ) : (
          <ShowEpisodeList episodes={episodes} actionFor={playAction} />
        )}
        {more.some((page) => page.error) && (
          <div className="mt-4">
            <ErrorNotice title="Error loading more episodes" message="Please try again." />
          </div>
        )}
        {nextOffset !== null && (
          <div className="mt-4 flex justify-center">
            <Button
              variant="outline"
              disabled={last?.isFetching}
              onClick={() => setMoreOffsets((offsets) => [...offsets, nextOffset])}
            >
              {last?.isFetching ? "Loading…" : "Load More Episodes"}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}

export function Component() {
  const { show = "" } = useParams();
  // A new show starts again from its first page.
  return <ShowPage key={show} slug={show} />;
}

/**
 * The show's first page of episodes ('Load More Episodes' reads the next ones when asked), its
 * most played episodes of the week, and its fediverse account (a club show's).
 */
export const queries: RouteQueries = ({ params }) => [
  showPageQuery(params.show ?? ""),
  mostPlayedQuery(params.show ?? ""),
  fediverseAccountQuery(params.show ?? ""),
];
