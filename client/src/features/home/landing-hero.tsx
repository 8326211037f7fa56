import { Link } from "react-router";
import { PlatformIcons } from "../../components/media/platform-chips";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { paths } from "../../lib/paths";
import { siteConfig } from "../../lib/site-config";

/** The static landing page's opening: its h1, what the club is, and the way into genres and podcasts. */
export function LandingHero() {
  return (
    <Card asChild className="rounded-3xl p-8 sm:p-12">
      <section>
        <h1 className="max-w-3xl font-extrabold text-4xl tracking-tight sm:text-6xl">
          Discover Your Next Favorite Sound
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
          {siteConfig.name} is a club for curious listeners: playlists by real curators, podcasts about the
          music, and the artists about to break.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button size="lg" asChild>
            <Link to={paths.genres}>Explore Genres</Link>
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to={paths.podcasts}>Listen to Podcasts</Link>
          </Button>
        </div>
        <div className="mt-8">
          <PlatformIcons />
        </div>
      </section>
    </Card>
  );
}
