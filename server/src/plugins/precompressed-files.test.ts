import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, fixtureClientDist, type TestApp } from "../test/test-app";

const ASSET = "/assets/precompressed-9c1d2e.js";
const SOURCE = `export const tracks = [${Array.from({ length: 300 }, (_, i) => `"track ${i}"`).join(",")}];`;
const WORKER = `self.addEventListener("fetch", () => {}); // ${"worker ".repeat(200)}`;
const BROWSER = "gzip, deflate, br, zstd";
/** A re-export chunk as the bundler writes them: too small for any copy to be smaller. */
const STUB = "/assets/section-stub-4e5f6a.js";
const STUB_SOURCE = 'export{t as Section}from"./section-9c1d2e.js";';

/**
 * The build writes brotli and gzip copies beside the client's text files (client/precompress.ts);
 * the server sends the copy the browser takes, as it is, with the file's own cache policy.
 */
describe("files compressed at build", () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = fixtureClientDist();
    for (const [name, body] of [
      [ASSET, SOURCE],
      ["/sw.js", WORKER],
    ] as const) {
      writeFileSync(join(dist, name), body);
      // Marked, so a test tells the build's copy from one compressed as it goes out.
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(`${body}//br`));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(`${body}//gz`));
    }
    writeFileSync(join(dist, STUB), STUB_SOURCE);
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("sends the brotli copy to a browser, with the asset's type, cache policy and Vary", async () => {
    const answer = await t.app.inject({ url: ASSET, headers: { "accept-encoding": BROWSER } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(`${SOURCE}//br`);
    expect(answer.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
  });

  it("sends the gzip copy where brotli is not taken, and the file itself where neither is; each its own tag", async () => {
    const gzip = await t.app.inject({ url: ASSET, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${SOURCE}//gz`);
    const plain = await t.app.inject({ url: ASSET });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(SOURCE);
    const br = await t.app.inject({ url: ASSET, headers: { "accept-encoding": BROWSER } });
    const tags = new Set([gzip.headers.etag, plain.headers.etag, br.headers.etag]);
    expect(tags.size).toBe(3);
  });

  it("keeps the service worker no-cache when its copy is sent", async () => {
    const answer = await t.app.inject({ url: "/sw.js", headers: { "accept-encoding": BROWSER } });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["cache-control"]).toBe("no-cache");
  });

  it("sends a hashed asset without copies as it is: the build found no copy smaller", async () => {
    const answer = await t.app.inject({ url: STUB, headers: { "accept-encoding": BROWSER } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body).toBe(STUB_SOURCE);
  });

  it("never sends a copy by its own name", async () => {
    for (const url of [`${ASSET}.br`, `${ASSET}.gz`, "/sw.js.br"]) {
      const answer = await t.app.inject({ url, headers: { "accept-encoding": BROWSER } });
      expect(answer.statusCode, url).toBe(404);
    }
  });
});
