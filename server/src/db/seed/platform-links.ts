import type { PlaylistPlatform } from "@waveform/contracts/catalogue";
import { serviceSearchUrl } from "@waveform/contracts/listening-services";

/** A platform's search page for an item we have no platform id for: an outbound
 * link is always a real address. */
export function platformSearchUrl(platform: PlaylistPlatform, query: string): string {
  return serviceSearchUrl(platform, query);
}
