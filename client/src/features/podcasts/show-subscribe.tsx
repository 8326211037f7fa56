import type { ShowSubscribe } from "@waveform/contracts/podcast-pages";
import { Copy, Rss } from "lucide-react";
import { ExternalLinkButton } from "../../components/media/external-link-button";
import { Button } from "../../components/ui/button";
import { notify } from "../../lib/notify";
import { siteOrigin } from "../../lib/site-config";
import { absoluteFeedUrl, SUBSCRIBE_APPS } from "./subscribe-links";

async function copyFeed(feedUrl: string) {
  try {
    await navigator.clipboard.writeText(feedUrl);
    await notify("success", "Feed address copied", { description: feedUrl });
  } catch {
    await notify("error", "Could not copy the feed address", { description: feedUrl });
  }
}

/** How to follow a show: its feed (copy), podcast apps for the club's shows, its site and platform. */
export function ShowSubscribePanel({ subscribe, platform }: { subscribe: ShowSubscribe; platform: string }) {
  const feedUrl = absoluteFeedUrl(subscribe.feedUrl, siteOrigin());
  return (
    <section aria-labelledby="subscribe-heading" className="rounded-2xl border p-5">
      <h2 id="subscribe-heading" className="flex items-center gap-2 font-semibold text-lg">
        <Rss className="size-5 text-primary" aria-hidden="true" />
        Subscribe
      </h2>
      <p className="mt-1 break-all text-muted-foreground text-sm">{feedUrl}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copyFeed(feedUrl)}>
          <Copy aria-hidden="true" />
          Copy RSS feed
        </Button>
        {subscribe.ownFeed &&
          SUBSCRIBE_APPS.map((app) => (
            <Button key={app.name} asChild variant="outline" size="sm">
              <a href={app.href(feedUrl)}>
                {app.name === "Podcast app" ? "Open in your podcast app" : app.name}
              </a>
            </Button>
          ))}
        {subscribe.websiteUrl && (
          <ExternalLinkButton href={subscribe.websiteUrl} variant="outline" size="sm">
            Show website
          </ExternalLinkButton>
        )}
        {subscribe.platformUrl && (
          <ExternalLinkButton href={subscribe.platformUrl} variant="outline" size="sm">
            Listen on {platform}
          </ExternalLinkButton>
        )}
      </div>
    </section>
  );
}
