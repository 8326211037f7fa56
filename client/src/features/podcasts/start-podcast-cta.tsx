import { Mic } from "lucide-react";
import { Button } from "../../components/ui/button";
import { siteConfig } from "../../lib/site-config";

/** 'Start Your Own Music Podcast': pitches go to the submissions address. */
export function StartPodcastCta() {
  const mailto = `mailto:${siteConfig.submissionsEmail}?subject=${encodeURIComponent("Podcast pitch")}`;
  return (
    <section
      aria-labelledby="start-podcast-heading"
      className="mt-16 flex flex-col items-start gap-4 rounded-2xl border bg-gradient-to-br from-primary/15 to-transparent p-8 md:flex-row md:items-center md:justify-between"
    >
      <div className="flex gap-4">
        <Mic className="mt-1 size-8 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h2 id="start-podcast-heading" className="font-bold text-2xl tracking-tight">
            Start Your Own Music Podcast
          </h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Got a show about records, scenes or the people who make them? Send us your pitch and a sample
            episode: we feature new music podcasts every month.
          </p>
        </div>
      </div>
      <Button asChild size="lg">
        <a href={mailto}>Pitch your podcast</a>
      </Button>
    </section>
  );
}
