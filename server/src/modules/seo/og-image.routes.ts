import { createRequire } from "node:module";
import type * as Resvg from "@resvg/resvg-js";
import type { SiteConfig } from "@waveform/contracts/site";
import type { FastifyInstance } from "fastify";
import { etagFor, ifNoneMatchMatches } from "../../lib/etag";
import { WaitingGate } from "../../lib/wait-gate";
import { HttpError } from "../../plugins/errors";
import { loadFontMetrics } from "./font-metrics";
import { type CardFonts, ogCardSvg } from "./og-card";
import { isOgImageKind, ogCardFor } from "./og-cards";
import { createPngCache } from "./png-cache";
import { createSeoRepository } from "./seo.repository";

export interface OgImageOptions {
  site: SiteConfig;
}

// Inter (SIL OFL) as TrueType: resvg reads TTF/OTF files, and system fonts differ between machines.
const fontPath = (file: string) => createRequire(import.meta.url).resolve(`@expo-google-fonts/inter/${file}`);
const FONT_FILES = {
  regular: fontPath("400Regular/Inter_400Regular.ttf"),
  bold: fontPath("700Bold/Inter_700Bold.ttf"),
};
const FAMILY = "Inter";

/** resvg (a native addon) is loaded with the first image drawn, not at start. */
let resvg: Promise<typeof Resvg> | undefined;
const loadResvg = () =>
  (resvg ??= import("@resvg/resvg-js").catch((error: unknown) => {
    resvg = undefined;
    throw error;
  }));

/** A render takes a core for tens of milliseconds; two at a time leave the rest of the server room. */
const MAX_CONCURRENT_RENDERS = 2;

/**
 * GET /og/:kind/:key.png: the 1200×630 link-preview image of a playlist, genre, podcast, release or
 * page (decision 0010). The ETag is the card's SVG source, so a revalidation costs one small query
 * and no drawing, and an item whose title changes gets a new image.
 */
export async function ogImageRoutes(app: FastifyInstance, options: OgImageOptions) {
  const repository = createSeoRepository(app.db);
  // Read on the first card, not at start (reading the two fonts' tables takes tens of milliseconds).
  let fonts: CardFonts | undefined;
  const cardFonts = (): CardFonts =>
    (fonts ??= {
      family: FAMILY,
      regular: loadFontMetrics(FONT_FILES.regular),
      bold: loadFontMetrics(FONT_FILES.bold),
    });
  const renderOptions = {
    font: {
      fontFiles: [FONT_FILES.regular, FONT_FILES.bold],
      loadSystemFonts: false,
      defaultFontFamily: FAMILY,
    },
  };
  const cache = createPngCache();
  const inFlight = new Map<string, Promise<Buffer>>();
  const draws = new WaitingGate(MAX_CONCURRENT_RENDERS);

  const render = (svg: string): Promise<Buffer> =>
    draws.run(async () => {
      const { renderAsync } = await loadResvg();
      return (await renderAsync(svg, renderOptions)).asPng();
    });

  const pngFor = (etag: string, svg: string): Promise<Buffer> => {
    const cached = cache.get(etag);
    if (cached) return Promise.resolve(cached);
    let pending = inFlight.get(etag);
    if (!pending) {
      pending = render(svg)
        .then((png) => {
          cache.set(etag, png);
          return png;
        })
        .finally(() => inFlight.delete(etag));
      inFlight.set(etag, pending);
    }
    return pending;
  };

  app.get<{ Params: { kind: string; file: string } }>("/og/:kind/:file", async (request, reply) => {
    const { kind, file } = request.params;
    if (!isOgImageKind(kind) || !file.endsWith(".png")) throw new HttpError(404, "Not found");
    const card = await ogCardFor(kind, file.slice(0, -".png".length), repository, options.site);
    const svg = ogCardSvg(card, cardFonts());
    const etag = etagFor(svg);
    reply.header("cache-control", "public, max-age=86400").header("etag", etag);
    if (ifNoneMatchMatches(request.headers["if-none-match"], etag)) return reply.status(304).send();
    return reply.type("image/png").send(await pngFor(etag, svg));
  });
}
