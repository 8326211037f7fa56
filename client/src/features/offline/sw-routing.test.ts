import { describe, expect, it } from "vitest";
import { DOWNLOADS_CACHE, mayStore, pagesCache, routeOf, shellCache, staleCaches } from "./sw-routing";

const ORIGIN = "https://club.example";
const get = (path: string, mode = "cors") => ({ method: "GET", url: `${ORIGIN}${path}`, mode });

describe("what the service worker answers, and how", () => {
  it("keeps hashed assets cache first, pages and public reads network first, audio from the downloads", () => {
    expect(routeOf(get("/assets/app-BK_MWSET.js", "no-cors"), ORIGIN)).toBe("asset");
    expect(routeOf(get("/", "navigate"), ORIGIN)).toBe("page");
    expect(routeOf(get("/podcasts/green-room-sessions/1?t=30", "navigate"), ORIGIN)).toBe("page");
    expect(routeOf(get("/api/podcasts?category=Jazz"), ORIGIN)).toBe("data");
    expect(routeOf(get("/api/podcasts/shows/green-room/episodes/1"), ORIGIN)).toBe("data");
    expect(routeOf(get("/api/genres"), ORIGIN)).toBe("data");
    expect(routeOf(get("/media/podcasts/green-room/ep1-ab12.mp3", "no-cors"), ORIGIN)).toBe("audio");
  });

  it("never stores the console, its API, Spotify, session or newsletter routes, or a one-time page", () => {
    for (const [path, mode] of [
      ["/admin", "navigate"],
      ["/admin/podcasts", "navigate"],
      ["/admin?next=/", "navigate"],
      ["/api/admin/me", "cors"],
      ["/api/admin/podcasts", "cors"],
      ["/api/spotify/check-auth", "cors"],
      ["/api/spotify/playlists", "cors"],
      ["/api/session", "cors"],
      ["/api/newsletter/confirm", "cors"],
      ["/spotify-test", "navigate"],
      ["/newsletter/confirm?token=abc", "navigate"],
      ["/newsletter/unsubscribe?token=abc", "navigate"],
    ]) {
      expect(routeOf(get(path as string, mode), ORIGIN), path).toBe("network");
    }
  });

  it("never stores a POST, another site's answer, or a read it does not know to be public", () => {
    expect(routeOf({ method: "POST", url: `${ORIGIN}/api/podcasts`, mode: "cors" }, ORIGIN)).toBe("network");
    expect(routeOf({ method: "POST", url: `${ORIGIN}/podcasts`, mode: "navigate" }, ORIGIN)).toBe("network");
    expect(routeOf({ method: "GET", url: "https://cdn.example/assets/x.js", mode: "no-cors" }, ORIGIN)).toBe(
      "network",
    );
    expect(routeOf({ method: "GET", url: "https://cdn.example/ep.mp3", mode: "no-cors" }, ORIGIN)).toBe(
      "network",
    );
    expect(routeOf(get("/api/health"), ORIGIN)).toBe("network");
    expect(routeOf(get("/api/search?q=jazz"), ORIGIN)).toBe("network");
    expect(routeOf(get("/api/music/test-connection"), ORIGIN)).toBe("network");
    // A path that only begins like a public one.
    expect(routeOf(get("/api/podcasts-private"), ORIGIN)).toBe("network");
    expect(routeOf(get("/administrator", "navigate"), ORIGIN)).toBe("page");
  });
});

const answer = (status: number, headers: Record<string, string> = {}, type = "basic") => ({
  status,
  type,
  headers: new Headers(headers),
});

describe("which answers may be kept", () => {
  it("keeps a plain 200 of this site, no-cache included (network first asks again anyway)", () => {
    expect(mayStore(answer(200))).toBe(true);
    expect(mayStore(answer(200, { "cache-control": "no-cache", vary: "x-render-mode" }))).toBe(true);
    expect(mayStore(answer(200, { "cache-control": "public, max-age=31536000, immutable" }))).toBe(true);
  });

  it("never keeps private or no-store answers (every answer that sets a cookie is one), errors, partial or opaque answers", () => {
    expect(mayStore(answer(200, { "cache-control": "private, no-store" }))).toBe(false);
    expect(mayStore(answer(200, { "cache-control": "no-store" }))).toBe(false);
    expect(mayStore(answer(200, { "cache-control": "Private, max-age=0" }))).toBe(false);
    expect(mayStore(answer(200, { vary: "*" }))).toBe(false);
    expect(mayStore(answer(206))).toBe(false);
    expect(mayStore(answer(404))).toBe(false);
    expect(mayStore(answer(503, { "cache-control": "no-store" }))).toBe(false);
    expect(mayStore(answer(200, {}, "opaque"))).toBe(false);
    expect(mayStore(answer(200, {}, "opaqueredirect"))).toBe(false);
  });
});

describe("what an activated build deletes", () => {
  it("deletes other builds' shell and pages, keeps its own, the downloads and caches not the site's", () => {
    const names = [
      shellCache("old"),
      pagesCache("old"),
      shellCache("new"),
      pagesCache("new"),
      DOWNLOADS_CACHE,
      "someone-else",
    ];
    expect(staleCaches(names, "new")).toEqual([shellCache("old"), pagesCache("old")]);
    expect(staleCaches([], "new")).toEqual([]);
  });
});
