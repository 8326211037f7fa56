import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { ARTWORK_CACHE_LIMITS, artworkRoutes, createArtworkCache } from "./artwork.routes";

describe("generated artwork's cache", () => {
  it("keeps its drawings within its byte budget, however many names are asked for", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const cache = createArtworkCache();
    await app.register(artworkRoutes, { cache });
    try {
      // Any name draws a picture (~2 kB, 4 as V8 may store it): 3,000 names are 13 MB.
      let drawn = 0;
      for (let n = 0; n < 3000; n++) {
        const response = await app.inject({ url: `/art/cover/made-up-name-${n}.svg` });
        expect(response.statusCode).toBe(200);
        drawn += response.body.length * 2;
      }
      expect(drawn).toBeGreaterThan(ARTWORK_CACHE_LIMITS.bytes);
      expect(cache.bytes).toBeLessThanOrEqual(ARTWORK_CACHE_LIMITS.bytes);
      expect(cache.size).toBeGreaterThan(1000);
      // A drawing kept is sent as drawn.
      const again = await app.inject({ url: "/art/cover/made-up-name-2999.svg" });
      expect(again.body).toBe(cache.get("cover/made-up-name-2999.svg")?.svg);
    } finally {
      await app.close();
    }
  });
});
