import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { GenreBadge, PlatformBadge } from "../../components/media/badges";
import { ExternalLinkButton } from "../../components/media/external-link-button";
import { FallbackImage } from "../../components/media/fallback-image";
import { ErrorNotice } from "../../components/media/notices";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { playlistQuery } from "../../features/playlists/playlists.queries";
import { TrackList } from "../../features/playlists/track-list";
import { SaveToSpotifyButton } from "../../features/spotify/save-to-spotify-button";
import { ApiRequestError } from "../../lib/api-client";
import { formatDate, plural } from "../../lib/format";
import { paths } from "../../lib/paths";
import { siteConfig } from "../../lib/site-config";

export function Component() {
  const { id = "" } = useParams();
  const { data: playlist, isPending, error } = useQuery(playlistQuery(id));

  if (error) {
    const notFound = error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <title>{`Playlist Not Found · ${siteConfig.name}`}</title>
        <h1 className="font-bold text-3xl">{notFound ? "Playlist Not Found" : "Error loading playlist"}</h1>
        <div className="mt-6 text-left">
          {!notFound && <ErrorNotice title="Error loading playlist" message={error.message} />}
        </div>
        <Button asChild className="mt-6">
          <Link to={paths.playlists}>Back to Playlists</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <title>{`${playlist?.title ?? "Playlist"} · ${siteConfig.name}`}</title>
      <div className="grid gap-8 md:grid-cols-[280px_1fr]" aria-busy={isPending}>
        {isPending ? (
          <Skeleton className="aspect-square w-full rounded-2xl" />
        ) : (
          <FallbackImage
            src={playlist.imageUrl}
            alt={`Cover of ${playlist.title}`}
            width={600}
            height={600}
            loading="eager"
            className="aspect-square w-full rounded-2xl object-cover shadow-lg"
          />
        )}
        <div className="flex flex-col justify-end gap-4">
          {isPending ? (
            <>
              <h1 className="sr-only">Playlist</h1>
              <Skeleton className="h-10 w-2/3" />
              <Skeleton className="h-5 w-full" />
            </>
          ) : (
            <>
              <div className="flex flex-wrap gap-2">
                <GenreBadge genre={playlist.genre} />
                <PlatformBadge platform={playlist.platform} />
                {playlist.isNew && <span className="font-semibold text-primary text-xs">New</span>}
              </div>
              <h1 className="font-extrabold text-4xl tracking-tight">{playlist.title}</h1>
              <p className="text-lg text-muted-foreground">{playlist.description}</p>
              <p className="text-muted-foreground text-sm">
                Curated by <span className="font-medium text-foreground">{playlist.curator}</span> ·{" "}
                {plural(playlist.trackCount, "track")} · Updated {formatDate(playlist.updatedAt)}
              </p>
              <div className="flex flex-wrap items-center gap-3">
                <ExternalLinkButton href={playlist.externalUrl}>
                  Open in {playlist.platform}
                </ExternalLinkButton>
                <SaveToSpotifyButton
                  playlistId={playlist.id}
                  title={playlist.title}
                  path={paths.playlist(playlist.id)}
                />
              </div>
            </>
          )}
        </div>
      </div>
      <section aria-labelledby="tracks-heading" className="mt-12">
        <h2 id="tracks-heading" className="mb-4 font-bold text-2xl">
          Tracks
        </h2>
        {isPending ? (
          <div className="space-y-3">
            {Array.from({ length: 8 }, (_, index) => `row-${index}`).map((key) => (
              <Skeleton key={key} className="h-8 w-full" />
            ))}
          </div>
        ) : (
          <TrackList tracks={playlist.tracks} />
        )}
      </section>
    </div>
  );
}
