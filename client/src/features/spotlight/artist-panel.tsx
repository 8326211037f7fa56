import { ExternalLink, Globe, Music, Share2, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { FacebookIcon, InstagramIcon, XIcon } from "../../components/icons/social-icons";
import { FallbackImage } from "../../components/media/fallback-image";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { copyLink } from "../../lib/share";
import type { SpotlightArtist } from "./spotlight-artists.data";

const socialIcons = [
  { key: "spotify", label: "Spotify", Icon: Music },
  { key: "bandcamp", label: "Bandcamp", Icon: Globe },
  { key: "instagram", label: "Instagram", Icon: InstagramIcon },
  { key: "facebook", label: "Facebook", Icon: FacebookIcon },
  { key: "twitter", label: "X (Twitter)", Icon: XIcon },
  { key: "website", label: "Website", Icon: Globe },
] as const;

/**
 * One artist's tab: profile with social links, about and highlights, and the latest release.
 * `first`: the panel shown when the page opens, whose photo loads at once; the hidden panels'
 * pictures load when their tab is chosen.
 */
export function ArtistPanel({ artist, first = false }: { artist: SpotlightArtist; first?: boolean }) {
  const allMusic = artist.links.spotify ?? artist.latestRelease.streamingUrl;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card asChild className="overflow-hidden rounded-2xl">
        <section aria-label={`${artist.name} profile`}>
          <FallbackImage
            src={artist.imageUrl}
            alt={`Photo of ${artist.name}`}
            width={400}
            height={400}
            loading={first ? "eager" : "lazy"}
            className="aspect-square w-full object-cover"
          />
          <CardContent className="space-y-3">
            <h2 className="font-bold text-2xl">{artist.name}</h2>
            <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
              <Badge tone="secondary">{artist.genre}</Badge>
              {artist.location}
            </div>
            <ul className="flex flex-wrap gap-2">
              {socialIcons.map(({ key, label, Icon }) => {
                const href = artist.links[key];
                if (!href) return null;
                return (
                  <li key={key}>
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${artist.name} on ${label}`}
                      className="flex size-9 items-center justify-center rounded-full border text-muted-foreground hover:bg-accent hover:text-accent-foreground"
                    >
                      <Icon className="size-4" aria-hidden="true" />
                    </a>
                  </li>
                );
              })}
              <li>
                <Button
                  variant="outline"
                  size="icon"
                  className="size-9 rounded-full"
                  aria-label={`Share ${artist.name}`}
                  onClick={() => copyLink()}
                >
                  <Share2 aria-hidden="true" />
                </Button>
              </li>
            </ul>
          </CardContent>
        </section>
      </Card>
      <Card asChild className="rounded-2xl p-5">
        <section aria-labelledby={`about-${artist.id}`}>
          <h3 id={`about-${artist.id}`} className="font-bold text-xl">
            About
          </h3>
          <p className="mt-2 text-muted-foreground">{artist.bio}</p>
          <h4 className="mt-5 font-semibold">Highlights</h4>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
            {artist.highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
        </section>
      </Card>
      <Card asChild className="rounded-2xl p-5">
        <section aria-labelledby={`release-${artist.id}`}>
          <h3 id={`release-${artist.id}`} className="font-bold text-xl">
            Latest Release
          </h3>
          <FallbackImage
            src={artist.latestRelease.coverUrl}
            alt={`Cover of ${artist.latestRelease.title}`}
            width={600}
            height={600}
            className="mt-3 aspect-square w-full rounded-xl object-cover"
          />
          <p className="mt-3 font-semibold">{artist.latestRelease.title}</p>
          <p className="text-muted-foreground text-sm">
            {artist.latestRelease.type} · {artist.latestRelease.year}
          </p>
          <Button asChild className="mt-4 w-full">
            <a href={artist.latestRelease.streamingUrl} target="_blank" rel="noopener noreferrer">
              Listen Now <ExternalLink aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <Button variant="outline" asChild>
              <a href={allMusic} target="_blank" rel="noopener noreferrer">
                <Music aria-hidden="true" /> All Music
              </a>
            </Button>
            <Button variant="outline" asChild>
              <Link to={`/merchandise?artist=${encodeURIComponent(artist.name)}`}>
                <ShoppingBag aria-hidden="true" /> Buy Merch
              </Link>
            </Button>
          </div>
        </section>
      </Card>
    </div>
  );
}
