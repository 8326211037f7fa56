import { Lightbulb } from "lucide-react";
import { PageShell } from "../../components/layout/page-shell";
import { Button } from "../../components/ui/button";
import { GenreGrid } from "../../features/genres/explore-genres";
import { siteConfig } from "../../lib/site-config";

const suggestionMail = `mailto:${siteConfig.infoEmail}?subject=${encodeURIComponent("Genre suggestion")}`;

/** Variant A: the genre grid and a 'Suggest a Genre' box. */
export function Component() {
  return (
    <PageShell title="Explore Genres" lead="Every genre we curate, with the playlists we keep for each.">
      <div className="mt-8">
        <GenreGrid />
      </div>
      <section aria-labelledby="suggest-heading" className="mt-12 rounded-2xl border bg-card p-6 sm:p-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex gap-4">
            <Lightbulb className="mt-1 size-8 shrink-0 text-primary" aria-hidden="true" />
            <div>
              <h2 id="suggest-heading" className="font-bold text-xl">
                Suggest a Genre
              </h2>
              <p className="mt-1 text-muted-foreground">
                Missing a scene you love? Tell our curators and we may build the next playlist around it.
              </p>
            </div>
          </div>
          <Button asChild>
            <a href={suggestionMail}>Submit a Suggestion</a>
          </Button>
        </div>
      </section>
    </PageShell>
  );
}
