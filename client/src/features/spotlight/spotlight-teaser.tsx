import { Link } from "react-router";
import { PersonTile } from "../../components/media/person-tile";
import { SectionHeading } from "../../components/media/section-heading";
import { Card } from "../../components/ui/card";
import { paths } from "../../lib/paths";
import { spotlightArtists } from "./spotlight-artists.data";

export function SpotlightTeaser() {
  return (
    <section aria-labelledby="spotlight-teaser-heading">
      <SectionHeading
        id="spotlight-teaser-heading"
        title="Artist Spotlight"
        lead="Four emerging artists our curators can't stop playing."
        link={{ to: paths.artistSpotlight, label: "Meet the artists" }}
      />
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {spotlightArtists.map((artist) => (
          <PersonTile
            key={artist.id}
            name={artist.name}
            imageUrl={artist.imageUrl}
            about={`${artist.genre} · ${artist.location}`}
          />
        ))}
      </ul>
    </section>
  );
}

export function ArtistMerchTeasers() {
  return (
    <section aria-labelledby="artist-merch-heading">
      <SectionHeading
        id="artist-merch-heading"
        title="Artist Merchandise"
        lead="Shirts, records and signed editions, straight from the artists."
      />
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {spotlightArtists.map((artist) => (
          <li key={artist.id}>
            <Card asChild className="flex h-full flex-col p-4 transition-colors hover:border-primary">
              <Link to={`/merchandise?artist=${encodeURIComponent(artist.name)}`}>
                <span className="font-semibold">{artist.name}</span>
                <span className="mt-1 text-muted-foreground text-sm">Shop {artist.name} merch</span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
