import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../paths";
import { createTestApp, FIXTURE_ASSET, fixtureClientDist, type TestApp } from "../test/test-app";

const PUBLIC = join(repoRoot, "client", "public");
const WORKER = "self.addEventListener('fetch', () => {});";

/**
 * The installed app's files (decision 0026): the service worker at the root, asked again on every
 * visit so a new build reaches the visitor, the manifest, and a policy that lets both load.
 */
describe("service worker and web app manifest", () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = fixtureClientDist();
    writeFileSync(join(dist, "sw.js"), WORKER);
    writeFileSync(join(dist, "manifest.webmanifest"), readFileSync(join(PUBLIC, "manifest.webmanifest")));
    // The static files are routed when the app starts (wildcard: false), so written before it.
    writeFileSync(join(dist, "robots-fixture.txt"), "x");
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("serves /sw.js as JavaScript with no-cache, under a policy that allows a worker and a manifest from the site", async () => {
    const answer = await t.app.inject("/sw.js");
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(WORKER);
    expect(answer.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers["cache-control"]).toBe("no-cache");
    expect(answer.headers["service-worker-allowed"]).toBeUndefined();
    const policy = String(answer.headers["content-security-policy"]);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
    // The pages' policy too (a page registers the worker and links the manifest).
    const page = await t.app.inject("/podcasts");
    expect(String(page.headers["content-security-policy"])).toContain("worker-src 'self'");
  });

  it("serves the manifest as application/manifest+json, no-cache, naming icons that exist", async () => {
    const answer = await t.app.inject("/manifest.webmanifest");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(answer.headers["cache-control"]).toBe("no-cache");
    const manifest = answer.json() as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: "/", scope: "/", display: "standalone" });
    expect(manifest.name).toBe("Waveform Music Club");
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const kinds = manifest.icons.map((icon) => `${icon.purpose} ${icon.sizes}`).sort();
    expect(kinds).toEqual(["any 192x192", "any 512x512", "maskable 192x192", "maskable 512x512"]);
    for (const icon of manifest.icons) {
      const png = readFileSync(join(PUBLIC, icon.src));
      // PNG signature, then the IHDR width and height.
      expect(png.subarray(1, 4).toString(), icon.src).toBe("PNG");
      const [width] = icon.sizes.split("x").map(Number);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.src).toEqual([width, width]);
    }
  });

  it("keeps other files as they were: hashed assets immutable, other public files an hour, a missing one 404", async () => {
    expect((await t.app.inject(FIXTURE_ASSET)).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await t.app.inject("/robots-fixture.txt")).headers["cache-control"]).toBe("public, max-age=3600");
    const missing = await t.app.inject("/sw-old.js");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("does not serve the worker to a POST", async () => {
    const answer = await t.app.inject({
      method: "POST",
      url: "/sw.js",
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(answer.statusCode).toBe(404);
  });
});
