import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { errorsPlugin } from "../../plugins/errors";
import { artworkRoutes } from "./artwork.routes";
import { createArtworkRasters } from "./artwork-webp";

describe("generated artwork as WebP", () => {
  const app = Fastify();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    await app.register(artworkRoutes);
  });
  afterAll(() => app.close());

  it("draws the SVG's picture at the width asked for, keeping its proportions", async () => {
    for (const [url, width, height] of [
      ["/art/cover/late-night-circuits.webp?w=320", 320, 320],
      ["/art/site/hero.webp?w=1280", 1280, 720],
      ["/art/artist/nova-reyes.webp?w=160", 160, 160],
    ] as const) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toBe("image/webp");
      expect(response.headers["cache-control"]).toBe("public, max-age=604800");
      const picture = await sharp(response.rawPayload).metadata();
      expect([picture.format, picture.width, picture.height], url).toEqual(["webp", width, height]);
    }
  });

  it("draws a larger width from the drawing itself, not by enlarging a small picture", async () => {
    // The cover's SVG is 600 px wide; at 1280 px its bar edges stay sharp: an enlarged 600 px
    // picture blurs them over two or more pixels, which shows as fewer distinct edge steps.
    const response = await app.inject({ url: "/art/cover/late-night-circuits.webp?w=1280" });
    const { data, info } = await sharp(response.rawPayload)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const enlarged = await sharp(
      (await app.inject({ url: "/art/cover/late-night-circuits.webp?w=640" })).rawPayload,
    )
      .resize({ width: 1280, kernel: "linear" })
      .greyscale()
      .raw()
      .toBuffer();
    const edgeStrength = (pixels: Buffer) => {
      let sum = 0;
      const row = Math.round(info.height * 0.97) * info.width;
      for (let x = 1; x < info.width; x++)
        sum += Math.abs((pixels[row + x] ?? 0) - (pixels[row + x - 1] ?? 0)) ** 2;
      return sum;
    };
    expect(edgeStrength(data)).toBeGreaterThan(edgeStrength(enlarged) * 1.3);
  });

  it("sends the same bytes every time, with a tag of their own per width, and 304 for a tag that matches", async () => {
    const first = await app.inject({ url: "/art/cover/golden-era.webp?w=640" });
    const second = await app.inject({ url: "/art/cover/golden-era.webp?w=640" });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    const narrower = await app.inject({ url: "/art/cover/golden-era.webp?w=320" });
    expect(narrower.headers.etag).not.toBe(first.headers.etag);
    const svg = await app.inject({ url: "/art/cover/golden-era.svg" });
    expect(svg.headers.etag).not.toBe(first.headers.etag);
    const revalidated = await app.inject({
      url: "/art/cover/golden-era.webp?w=640",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it("refuses a WebP without a width, or at a width it does not draw, saying which it does", async () => {
    const missing = await app.inject({ url: "/art/cover/golden-era.webp" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(
      "A WebP of generated artwork needs its width: w=160, 320, 640, 960, 1280",
    );
    for (const url of [
      "/art/cover/golden-era.webp?w=500",
      "/art/cover/golden-era.webp?w=0",
      "/art/cover/golden-era.webp?w=abc",
      "/art/cover/golden-era.jpg?w=320",
      "/art/logo/golden-era.webp?w=320",
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(400);
    }
  });
});

describe("drawing WebPs, counted", () => {
  /** An app whose WebPs are drawn by `toWebp`. */
  async function appDrawingWith(toWebp: (svg: string, width: number) => Promise<Buffer>) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    await app.register(artworkRoutes, { rasters: createArtworkRasters({ toWebp }) });
    return app;
  }

  it("draws a picture asked for by many at once only once, and keeps it", async () => {
    const drawn: number[] = [];
    const app = await appDrawingWith(async (_svg, width) => {
      drawn.push(width);
      return Buffer.from(`webp ${width}`);
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => app.inject({ url: "/art/merch/waveform-club-tee.webp?w=320" })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
      expect(answers.map((answer) => answer.body)).toEqual(Array(6).fill("webp 320"));
      await app.inject({ url: "/art/merch/waveform-club-tee.webp?w=320" });
      expect(drawn).toEqual([320]);
    } finally {
      await app.close();
    }
  });

  it("turns a flood of made-up names away beyond what waits to be drawn, and draws again once it has passed", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let drawing = 0;
    let mostAtOnce = 0;
    const app = await appDrawingWith(async (_svg, width) => {
      drawing += 1;
      mostAtOnce = Math.max(mostAtOnce, drawing);
      await held;
      drawing -= 1;
      return Buffer.from(`webp ${width}`);
    });
    try {
      const answered: { statusCode: number; headers: Record<string, unknown> }[] = [];
      const answers = Array.from({ length: 100 }, (_, n) =>
        app.inject({ url: `/art/cover/made-up-${n}.webp?w=160` }).then((answer) => {
          answered.push(answer);
          return answer;
        }),
      );
      // Those turned away are answered while the others still wait for their turn.
      await vi.waitFor(() => expect(answered.length).toBe(36));
      expect(answered.map((answer) => answer.statusCode)).toEqual(Array(36).fill(503));
      expect(answered[0]?.headers["retry-after"]).toBe("1");
      expect(drawing).toBe(2);
      release();
      const all = await Promise.all(answers);
      expect(all.filter((answer) => answer.statusCode === 200)).toHaveLength(64);
      expect(mostAtOnce).toBe(2);
      expect((await app.inject({ url: "/art/cover/made-up-99.webp?w=160" })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
