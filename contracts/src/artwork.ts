/**
 * Generated artwork (`/art/<kind>/<key>.svg`) is also served as WebP at these widths:
 * `/art/<kind>/<key>.webp?w=<width>`. Pages show the WebP: a browser draws each SVG `<img>` as a
 * document of its own on the page's main thread (about 6 ms each on a desktop, 25 ms on a phone),
 * while it decodes a WebP off that thread. The SVG stays the address the catalogue gives.
 */
export const ART_RASTER_WIDTHS = [160, 320, 640, 960, 1280] as const;

const GENERATED_ART = /^(\/art\/[a-z]+\/[^/?#]+)\.svg$/;

/**
 * A `srcset` of WebP widths for our generated artwork's address; null for any other image (a real
 * cover, a partner's logo, a bundled fallback), which is shown as it is.
 */
export function artRasterSrcSet(src: string): string | null {
  const base = GENERATED_ART.exec(src)?.[1];
  if (!base) return null;
  return ART_RASTER_WIDTHS.map((width) => `${base}.webp?w=${width} ${width}w`).join(", ");
}
