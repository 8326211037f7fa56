import type { PlaylistPlatform } from "@waveform/contracts/catalogue";
import { Play } from "lucide-react";
import { useState } from "react";
import { FallbackImage } from "../../components/media/fallback-image";

/** The platform's official embed of a playlist by its id (the only origins CSP frame-src allows). */
function playlistEmbedUrl(platform: PlaylistPlatform, platformId: string): string {
  const id = encodeURIComponent(platformId);
  switch (platform) {
    case "Spotify":
      return `https://open.spotify.com/embed/playlist/${id}`;
    case "Apple Music":
      // Apple Music playlist ids are `pl.<hex>`; the storefront is part of the address.
      return `https://embed.music.apple.com/us/playlist/${id}`;
    case "YouTube Music":
      return `https://www.youtube-nocookie.com/embed/videoseries?list=${id}`;
  }
}

/**
 * 'Listen here': the cover and a play button, and only after the visitor clicks, the platform's
 * own player. Before the click the page makes no request to the platform (no cookie, no script).
 */
export function ListenHere({
  title,
  imageUrl,
  platform,
  platformId,
}: {
  title: string;
  imageUrl: string;
  platform: PlaylistPlatform;
  platformId: string;
}) {
  const [loaded, setLoaded] = useState(false);
  return (
    <section aria-labelledby="listen-here-heading" className="mt-10">
      <h2 id="listen-here-heading" className="mb-4 font-bold text-2xl">
        Listen here
      </h2>
      {loaded ? (
        <iframe
          title={`${title} on ${platform}`}
          src={playlistEmbedUrl(platform, platformId)}
          className="h-[380px] w-full rounded-2xl border-0"
          allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
          loading="lazy"
        />
      ) : (
        <div className="relative flex h-[380px] items-center justify-center overflow-hidden rounded-2xl border">
          <FallbackImage
            src={imageUrl}
            alt=""
            width={600}
            height={600}
            className="absolute inset-0 size-full object-cover opacity-40 blur-sm"
          />
          <div className="relative space-y-3 text-center">
            <button
              type="button"
              onClick={() => setLoaded(true)}
              className="mx-auto flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Play className="size-7 fill-current" aria-hidden="true" />
              <span className="sr-only">
                Play {title} with the {platform} player
              </span>
            </button>
            <p className="max-w-xs rounded-md bg-background/80 px-3 py-2 text-sm">
              Loads {platform}'s player, which may set its own cookies.
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
