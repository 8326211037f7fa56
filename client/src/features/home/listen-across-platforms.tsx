import { Check } from "lucide-react";
import { Link } from "react-router";
import { FallbackImage } from "../../components/media/fallback-image";
import { LISTENING_PLATFORMS } from "../../components/media/platform-chips";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { paths } from "../../lib/paths";
import { useSiteImage } from "../../lib/site-images";

export function ListenAcrossPlatforms() {
  const imageUrl = useSiteImage("platforms", "/fallback/hero.svg");
  return (
    <section id="listen-across-platforms" aria-labelledby="platforms-heading" className="scroll-mt-24">
      <Card className="grid items-center gap-8 rounded-3xl p-6 sm:p-10 lg:grid-cols-2">
        <div className="space-y-5">
          <p className="font-semibold text-primary text-sm uppercase tracking-wider">
            Listen Across Platforms
          </p>
          <h2 id="platforms-heading" className="font-bold text-3xl tracking-tight">
            Your Music, Your Way
          </h2>
          <p className="text-muted-foreground">
            Every playlist we curate links straight to the service you already pay for. Connect Spotify and
            save our playlists into your own library in one click.
          </p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {LISTENING_PLATFORMS.map((platform) => (
              <li key={platform.name} className="flex items-center gap-2">
                <Check className="size-4 text-primary" aria-hidden="true" />
                {platform.name}
              </li>
            ))}
          </ul>
          <Button asChild>
            <Link to={paths.playlistCreator}>Connect Your Accounts</Link>
          </Button>
        </div>
        <div className="aspect-[16/9] overflow-hidden rounded-2xl bg-muted">
          {imageUrl && (
            <FallbackImage
              src={imageUrl}
              fallback="/fallback/hero.svg"
              alt=""
              width={1600}
              height={900}
              className="size-full object-cover"
            />
          )}
        </div>
      </Card>
    </section>
  );
}
