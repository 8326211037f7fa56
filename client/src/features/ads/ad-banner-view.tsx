import type { AdvertisementReading } from "@waveform/contracts/ads";
import { ExternalLink } from "lucide-react";
import type { Ref } from "react";
import { FallbackImage } from "../../components/media/fallback-image";
import { Card } from "../../components/ui/card";

interface AdBannerViewProps {
  ad: AdvertisementReading;
  label?: string;
  id?: string;
  ref?: Ref<HTMLElement>;
  /** Where the link's `ping` reports a click (the site's banner only, never the console's preview). */
  ping?: string;
  /** The visitor clicked the link (before the browser follows it). */
  onFollow?: (link: HTMLAnchorElement) => void;
}

/**
 * The sponsored banner as the home page shows it, for a given advertisement: the home page's
 * banner and the console's live preview of an advertisement being scheduled are this one component.
 */
export function AdBannerView({ ad, label = "Sponsored", id, ref, ping, onFollow }: AdBannerViewProps) {
  return (
    <Card asChild className="overflow-hidden rounded-2xl">
      <aside aria-label={label} id={id} ref={ref}>
        <div className="grid items-center gap-6 md:grid-cols-[2fr_3fr]">
          <FallbackImage
            src={ad.imageUrl}
            fallback="/fallback/wide.svg"
            alt=""
            width={1200}
            height={400}
            className="h-full max-h-56 w-full object-cover md:max-h-none"
          />
          <div className="space-y-3 p-6 md:pl-0">
            <p className="font-semibold text-muted-foreground text-xs uppercase tracking-wider">Sponsored</p>
            <h2 className="font-bold text-2xl">{ad.title}</h2>
            <p className="text-muted-foreground">{ad.description}</p>
            <a
              href={ad.ctaUrl}
              ping={ping}
              onClick={(event) => onFollow?.(event.currentTarget)}
              target="_blank"
              rel="sponsored noopener noreferrer"
              className="inline-flex h-10 items-center gap-2 rounded-md bg-primary px-4 font-medium text-primary-foreground text-sm hover:bg-primary/90"
            >
              {ad.ctaText}
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        </div>
      </aside>
    </Card>
  );
}
