import { DjSection } from "../../features/home/dj-section";
import { siteConfig } from "../../lib/site-config";

export function Component() {
  return (
    <div className="mx-auto max-w-7xl space-y-16 px-4 py-12 sm:px-6">
      <title>{`${siteConfig.name} · Fresh music across all genres`}</title>
      <section aria-labelledby="hero-heading" className="max-w-3xl">
        <h1 id="hero-heading" className="font-extrabold text-4xl tracking-tight sm:text-6xl">
          Your Portal to Fresh Music Across All Genres
        </h1>
        <p className="mt-5 text-lg text-muted-foreground">
          Curated playlists, trending tracks and genre recommendations from people who listen for a living,
          wherever you stream.
        </p>
      </section>
      <DjSection />
    </div>
  );
}
