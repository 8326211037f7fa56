export const ART_KINDS = ["cover", "album", "genre", "artist", "ad", "site", "merch", "podcast"] as const;
export type ArtKind = (typeof ART_KINDS)[number];

/** Our generated artwork for a catalogue item, used when the item has no image of its own. */
export function artUrl(kind: ArtKind, key: string): string {
  return `/art/${kind}/${encodeURIComponent(key)}.svg`;
}

/** An item's own image address, or our generated artwork for it. */
export function imageOrArt(imageUrl: string | null, kind: ArtKind, key: string): string {
  return imageUrl ?? artUrl(kind, key);
}
