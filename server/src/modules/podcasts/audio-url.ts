/**
 * An episode's audio address as the API gives it: only http(s) addresses leave the server; anything
 * else a feed carried becomes "no audio" (null), so no player pretends.
 */
export function publicAudioUrl(stored: string | null): string | null {
  return stored && /^https?:\/\//i.test(stored) ? stored : null;
}
