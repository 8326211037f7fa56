/**
 * An episode's audio address as the API gives it: an http(s) address, or a path on this site (the
 * club's own shows, `/media/podcasts/…`, read from feeds in the repository). Anything else a feed
 * carried becomes "no audio" (null), so no player pretends. The player plays either form.
 */
export function publicAudioUrl(stored: string | null): string | null {
  if (!stored) return null;
  return /^https?:\/\/\S+$/i.test(stored) || /^\/(?![/\\])\S*$/.test(stored) ? stored : null;
}
