import { Link } from "react-router";
import { FallbackImage } from "../../components/media/fallback-image";
import { PlatformIcons } from "../../components/media/platform-chips";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { paths } from "../../lib/paths";
import { useSiteImage } from "../../lib/site-images";

export function Hero() {
  const heroUrl = useSiteImage("hero", "/fallback/hero.svg");
  return (
    <Card asChild className="relative overflow-hidden rounded-3xl">
      <section aria-labelledby="hero-heading">
        <div className="grid items-center gap-8 lg:grid-cols-2">
          <div className="space-y-6 p-6 sm:p-10">
            <h1 id="hero-heading" className="font-extrabold text-4xl tracking-tight sm:text-5xl lg:text-6xl">
              Your Portal to Fresh Music Across All Genres
            </h1>
            <p className="text-lg text-muted-foreground">
              Curated playlists, trending tracks and genre recommendations from people who listen for a
              living, wherever you stream.
            </p>
            <div className="flex flex-wrap gap-3">
              <Button size="lg" asChild>
                <Link to={paths.genres}>Start Exploring</Link>
              </Button>
              <Button size="lg" variant="outline" asChild>
                <a href="#listen-across-platforms">How It Works</a>
              </Button>
            </div>
            <div className="space-y-3">
              <p className="font-medium text-muted-foreground text-sm">Available on:</p>
              <PlatformIcons />
            </div>
          </div>
          <div className="aspect-[16/9] bg-muted lg:aspect-auto lg:h-full">
            {heroUrl && (
              <FallbackImage
                src={heroUrl}
                fallback="/fallback/hero.svg"
                alt=""
                width={1600}
                height={900}
                loading="eager"
                fetchPriority="high"
                className="size-full object-cover"
              />
            )}
          </div>
        </div>
      </section>
    </Card>
  );
}
