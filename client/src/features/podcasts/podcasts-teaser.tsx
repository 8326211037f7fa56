import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { paths } from "../../lib/paths";
import { siteConfig } from "../../lib/site-config";

/** A short pointer to the podcasts page, for pages that do not load episodes. */
export function PodcastsTeaser() {
  return (
    <Card asChild className="rounded-2xl p-6 sm:p-8">
      <section aria-labelledby="landing-podcasts-heading">
        <h2 id="landing-podcasts-heading" className="font-bold text-2xl">
          {siteConfig.shortName} Podcasts
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Interviews, production deep dives and the history behind the records, every week.
        </p>
        <Button variant="outline" className="mt-4" asChild>
          <Link to={paths.podcasts}>Browse podcasts</Link>
        </Button>
      </section>
    </Card>
  );
}
