import { Blocks, Database, Music, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { PageShell } from "../../components/layout/page-shell";
import { HubFeaturedPlaylists } from "../../features/playlists/featured-playlists";
import { NewReleasesSection } from "../../features/releases/new-releases-section";
import { HubConnection } from "../../features/spotify/hub-connection";
import { paths } from "../../lib/paths";

/** SPEC §2 'Browse by Genre': six fixed links with the lower-cased name. */
const browseGenres = ["Rock", "Pop", "Hip-Hop", "Electronic", "Jazz", "R&B"];

const technologies = [
  {
    name: "React & TanStack Query",
    detail: "a fast single-page app that caches what it has loaded",
    Icon: Blocks,
  },
  { name: "Fastify & PostgreSQL", detail: "a typed API over the curated catalogue", Icon: Database },
  { name: "Spotify Web API", detail: "saves our playlists into your own account", Icon: Music },
  { name: "OAuth with PKCE", detail: "you grant access, and can revoke it at any time", Icon: ShieldCheck },
];

/** The music hub: featured playlists, new releases, genres and how it all works. */
export function Component() {
  return (
    <PageShell title="Music Hub" lead="Everything new this week in one place.">
      <section
        aria-labelledby="hub-connection-heading"
        className="mt-8 flex flex-wrap items-center justify-between gap-4 rounded-2xl border bg-card p-5"
      >
        <div>
          <h2 id="hub-connection-heading" className="font-semibold text-lg">
            Your Spotify connection
          </h2>
          <p className="text-muted-foreground text-sm">
            Connect to save our playlists into your own account.
          </p>
        </div>
        <HubConnection returnTo={paths.workingHome} />
      </section>
      <div className="mt-10 space-y-16">
        <HubFeaturedPlaylists />
        <NewReleasesSection />
        <section aria-labelledby="browse-genre-heading">
          <h2 id="browse-genre-heading" className="mb-6 font-bold text-2xl tracking-tight sm:text-3xl">
            Browse by Genre
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {browseGenres.map((name) => (
              <li key={name}>
                <Link
                  to={paths.genre(name.toLowerCase())}
                  className="flex h-20 items-center justify-center rounded-xl border bg-card font-semibold transition-colors hover:border-primary hover:text-primary"
                >
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="tech-heading" className="rounded-2xl border bg-card p-6 sm:p-8">
          <h2 id="tech-heading" className="font-bold text-2xl">
            Technologies Used
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2">
            {technologies.map(({ name, detail, Icon }) => (
              <li key={name} className="flex gap-3">
                <Icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  <span className="block font-semibold">{name}</span>
                  <span className="block text-muted-foreground text-sm">{detail}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageShell>
  );
}
