import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, FIXTURE_ASSET, FIXTURE_INLINE_SCRIPT, type TestApp } from "./test/test-app";

describe("serving the client app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_NAME: "Night <Shift> Club" } });
  });
  afterAll(() => t.close());

  it.each(["/", "/genres", "/genre/R%26B", "/playlist/12", "/spotify-test", "/genres/"])(
    "answers 200 with the app for the page route %s",
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.body).toContain('<div id="root">');
    },
  );

  it.each(["/nope", "/genres/rock/extra", "/index.html", "/playlist"])(
    "answers a real 404 with the app's HTML for %s",
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    },
  );

  it("answers unknown API paths with JSON 404", async () => {
    for (const url of ["/api/nope", "/api", "/api/genres/x/y/z"]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Not found" });
    }
  });

  it("writes the site config into the page, escaped", async () => {
    const body = (await t.app.inject({ url: "/" })).body;
    expect(body).toContain('"name":"Night \\u003cShift> Club"');
    expect(body).not.toContain("Night <Shift>");
    // The Spotify Test page shows the redirect address from the public origin.
    expect(body).toContain('"publicUrl":"http://127.0.0.1:3000"');
    // No Spotify app here: the page says so rather than offering 'Connect with Spotify'.
    expect(body).toContain('"spotifyConfigured":false');
  });

  it("tells the page when Spotify is configured", async () => {
    const withSpotify = await createTestApp({ env: { SPOTIFY_CLIENT_ID: "a-client-id" } });
    try {
      const body = (await withSpotify.app.inject({ url: "/spotify-test" })).body;
      expect(body).toContain('"spotifyConfigured":true');
    } finally {
      await withSpotify.close();
    }
  });

  it("caches hashed assets for good, and compresses them", async () => {
    const response = await t.app.inject({ url: FIXTURE_ASSET, headers: { "accept-encoding": "gzip" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("sends security headers with a CSP that allows exactly the inline theme script", async () => {
    const response = await t.app.inject({ url: "/" });
    const hash = createHash("sha256").update(FIXTURE_INLINE_SCRIPT).digest("base64");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    // Exactly the three players a playlist's 'Listen here' may load, after a click.
    expect(csp).toContain(
      "frame-src https://open.spotify.com https://embed.music.apple.com https://www.youtube-nocookie.com",
    );
    expect(csp).not.toContain("unsafe-eval");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("gives API answers the short header set that suits JSON", async () => {
    const response = await t.app.inject({ url: "/api/health" });
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });

  it("refuses state-changing requests from another site", async () => {
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/genres",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ error: "Cross-site requests are not allowed" });
    const sameOrigin = await t.app.inject({
      method: "POST",
      url: "/api/genres",
      headers: { origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.statusCode).toBe(404);
  });
});

describe("without a built client", () => {
  it("says how to build it instead of serving pages", async () => {
    const t = await createTestApp({ env: { CLIENT_DIST: "/nonexistent/dist" } });
    const page = await t.app.inject({ url: "/" });
    expect(page.statusCode).toBe(503);
    expect(page.json().error).toMatch(/npm run build/);
    expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    await t.close();
  });
});
