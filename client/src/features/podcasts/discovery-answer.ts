import { DiscoveryPodcastSchema } from "@waveform/contracts/podcasts";
import * as z from "zod/mini";

/** What Podcast Discovery reads of a podcast list answer: the fields that page shows (SPEC §3). */
export const DiscoveryAnswer = z.object({ podcasts: z.array(DiscoveryPodcastSchema) });
