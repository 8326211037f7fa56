import type SharpFunction from "sharp";
import { BoundedCache } from "../../lib/bounded-cache";
import { ConcurrencyGate } from "../../lib/concurrency-gate";
import { etagFor } from "../../lib/etag";
import { WaitingGate } from "../../lib/wait-gate";
import type { ArtKind } from "./art-urls";

/**
 * WebPs kept: 2–6 kB each at the widths the pages use (up to ~20 kB at 1280 px), and any name draws
 * one, so the count and the bytes are bounded (the oldest goes first).
 */
const ARTWORK_RASTER_CACHE_LIMITS = { entries: 4000, bytes: 16 * 1024 * 1024 };
/** A draw takes a thread of the shared worker pool for 10–60 ms: two at a time, the rest wait. */
const ARTWORK_RASTER_DRAWS_AT_ONCE = 2;
/**
 * WebPs being drawn or waiting for their turn, at most: a page asks for up to ~20 at once, and any
 * name draws one, so a flood of made-up names is turned away (503, Retry-After) instead of queueing
 * without end. A page whose image is turned away shows its local fallback.
 */
const ARTWORK_RASTER_QUEUE = 64;
/** WebP quality: the drawings are flat colours and soft circles, which 80 keeps without visible loss. */
const QUALITY = 80;

type Raster = { webp: Buffer; etag: string };

/** sharp (a native addon) is loaded with the first WebP drawn, not at start. */
let sharp: Promise<typeof SharpFunction> | undefined;
const loadSharp = () =>
  (sharp ??= import("sharp").then(
    (module) => {
      // libvips' own cache would keep every source drawing too; ours keeps the WebPs.
      module.default.cache(false);
      return module.default;
    },
    (error: unknown) => {
      sharp = undefined;
      throw error;
    },
  ));

/** An SVG drawn as WebP `width` pixels wide, on the shared worker pool. */
async function drawWebp(svg: string, width: number): Promise<Buffer> {
  const render = await loadSharp();
  // sharp reads an SVG at the scale the resize asks for: a wider picture is drawn, not enlarged.
  return render(Buffer.from(svg)).resize({ width }).webp({ quality: QUALITY }).toBuffer();
}

/**
 * Generated artwork as WebP: a browser decodes a WebP off the page's main thread, where each SVG
 * `<img>` is a document of its own to build and lay out. Drawn from the SVG at the asked width (never
 * scaled up from a smaller drawing), off the event loop, at most ARTWORK_RASTER_DRAWS_AT_ONCE at a
 * time and ARTWORK_RASTER_QUEUE drawn or waiting; asking for one already being drawn waits for that
 * draw.
 */
export function createArtworkRasters({ toWebp = drawWebp }: { toWebp?: typeof drawWebp } = {}) {
  const kept = new BoundedCache<Raster>(ARTWORK_RASTER_CACHE_LIMITS, (entry) => entry.webp.length);
  const drawing = new Map<string, Promise<Raster>>();
  const admitted = new ConcurrencyGate(ARTWORK_RASTER_QUEUE);
  const draws = new WaitingGate(ARTWORK_RASTER_DRAWS_AT_ONCE);
  const draw = (width: number, svg: { svg: string; etag: string }) =>
    admitted.run(() =>
      draws.run(async () => ({ webp: await toWebp(svg.svg, width), etag: etagFor(`${width}w:${svg.etag}`) })),
    );
  return {
    kept,
    /** The WebP of `svg` (the drawing of `kind`/`name`) at `width`, drawn or kept. */
    async webp(
      kind: ArtKind,
      name: string,
      width: number,
      svg: { svg: string; etag: string },
    ): Promise<Raster> {
      const key = `${kind}/${name}@${width}`;
      const found = kept.get(key);
      if (found) return found;
      let pending = drawing.get(key);
      if (!pending) {
        // Kept once, by the draw itself: those who waited for it only read it.
        pending = draw(width, svg)
          .then((raster) => {
            kept.set(key, raster);
            return raster;
          })
          .finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      return pending;
    },
  };
}
export type ArtworkRaster = ReturnType<typeof createArtworkRasters>;
