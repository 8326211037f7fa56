import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS_POLICY } from "../plugins/security";
import { createTestApp, FIXTURE_ASSET, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";

const YEAR = "max-age=31536000; includeSubDomains";
/** Every kind of generated artwork (modules/artwork art-urls.ts). */
const ART_KINDS = ["cover", "album", "genre", "artist", "ad", "site", "merch", "podcast"];

describe(`security headers (${testEngine})`, () => {
  let http: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    http = await createTestApp();
    https = await createTestApp({ database: http.database, env: { PUBLIC_URL: "https://music.example" } });
  });
  afterAll(async () => {
    await https.app.close();
    await http.close();
  });

  const get = (t: TestApp, url: string) =>
    t.app.inject({ url, headers: { host: t === https ? "music.example" : "127.0.0.1:3000" } });

  it("denies pages the powerful features the site never uses", async () => {
    const policy = String((await get(http, "/")).headers["permissions-policy"]);
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "serial", "hid"])
      expect(policy).toContain(`${feature}=()`);
    expect(policy).not.toMatch(/\*/);
  });

  it("names only features Chromium knows (an unknown one is a console error on every page)", () => {
    // document.featurePolicy.features() in Debian's Chromium 150, the powerful ones.
    const known = new Set(
      "accelerometer autoplay browsing-topics camera clipboard-read clipboard-write display-capture encrypted-media fullscreen geolocation gyroscope hid idle-detection magnetometer microphone midi payment picture-in-picture publickey-credentials-get screen-wake-lock serial usb xr-spatial-tracking".split(
        " ",
      ),
    );
    const named = PERMISSIONS_POLICY.split(", ").map((entry) => entry.slice(0, entry.indexOf("=")));
    expect(named.filter((feature) => !known.has(feature))).toEqual([]);
  });

  it("keeps for the embedded players exactly what their iframe asks for", async () => {
    const policy = String((await get(http, "/playlist/1")).headers["permissions-policy"]);
    const players =
      '"https://open.spotify.com" "https://embed.music.apple.com" "https://www.youtube-nocookie.com"';
    for (const feature of [
      "autoplay",
      "encrypted-media",
      "fullscreen",
      "picture-in-picture",
      "clipboard-write",
    ])
      expect(policy).toContain(`${feature}=(self ${players})`);
  });

  it("sends HSTS for a year, subdomains included, on every answer when PUBLIC_URL is https", async () => {
    for (const url of ["/", "/api/health", "/art/cover/hsts.svg"]) {
      expect((await get(https, url)).headers["strict-transport-security"], url).toBe(YEAR);
    }
  });

  it("sends no HSTS over plain http (a browser would ignore it, and a local server must stay reachable)", async () => {
    for (const url of ["/", "/api/health", "/art/cover/hsts.svg"]) {
      expect((await get(http, url)).headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  it.each(ART_KINDS)("answers /art/%s/*.svg with a policy that allows nothing", async (kind) => {
    const response = await get(http, `/art/${kind}/a-key.svg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    // Nothing in the drawing needs what the policy forbids: no styles, scripts or outside references.
    // (A reference inside the drawing, href="#id" or url(#id), fetches nothing.)
    expect(response.body).not.toMatch(/<style|style=|<script|\son\w+=|href="(?!#)|url\((?!#)|@import/i);
  });

  it("sends a hashed asset only what stops it being sniffed or read cross-origin (no page policies)", async () => {
    const asset = await get(https, FIXTURE_ASSET);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    expect(asset.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(asset.headers["strict-transport-security"]).toBe(YEAR);
    for (const header of [
      "content-security-policy",
      "permissions-policy",
      "x-frame-options",
      "cross-origin-opener-policy",
    ])
      expect(asset.headers[header], header).toBeUndefined();
    // The 404 page for a missing asset is a page, with the page's policies.
    const missing = await get(https, "/assets/no-such-chunk.js");
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers["content-security-policy"])).toContain("default-src 'self'");
  });

  it("keeps the page policy and the API's own set where they were", async () => {
    const page = String((await get(http, "/")).headers["content-security-policy"]);
    expect(page).toContain("script-src 'self'");
    // Spotify's image hosts (covers imported in the console), and no other host.
    expect(page).toContain("img-src 'self' data: https://*.scdn.co https://*.spotifycdn.com;");
    expect((await get(http, "/api/health")).headers["content-security-policy"]).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect((await get(http, "/api/health")).headers["permissions-policy"]).toBeUndefined();
  });
});
