import { describe, expect, it } from "vitest";
import { EMPTY_CATALOGUE, type KnownCatalogue } from "./known-catalogue";
import { listeningAppOf } from "./listening-app";
import { countedPagePath } from "./page-paths";
import { referrerDomain } from "./referrer";
import {
  newSalt,
  notCounted,
  VISITOR_HASH_LENGTH,
  visitorAsBigint,
  visitorFromBigint,
  visitorHash,
} from "./visitor";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("the visitor hash", () => {
  it("is the same for one salt, site, address and browser, and changes with any of them", () => {
    const salt = newSalt();
    const one = visitorHash(salt, "club.example", "203.0.113.9", CHROME);
    expect(one).toMatch(new RegExp(`^[0-9a-f]{${VISITOR_HASH_LENGTH}}$`));
    expect(visitorHash(salt, "club.example", "203.0.113.9", CHROME)).toBe(one);
    const others = [
      visitorHash(newSalt(), "club.example", "203.0.113.9", CHROME),
      visitorHash(salt, "other.example", "203.0.113.9", CHROME),
      visitorHash(salt, "club.example", "203.0.113.10", CHROME),
      visitorHash(salt, "club.example", "203.0.113.9", CHROME.replace("131", "132")),
    ];
    expect(new Set([one, ...others]).size).toBe(5);
    // The hash holds neither the address nor the browser.
    expect(one).not.toContain("203");
  });

  it("is stored as its 64 bits in a signed bigint, and read back, at the edges", () => {
    const edges: Array<[string, string]> = [
      ["0000000000000000", "0"],
      ["0000000000000001", "1"],
      ["7fffffffffffffff", "9223372036854775807"],
      ["8000000000000000", "-9223372036854775808"],
      ["8000000000000001", "-9223372036854775807"],
      ["ffffffffffffffff", "-1"],
    ];
    for (const [hash, stored] of edges) {
      expect(visitorAsBigint(hash), hash).toBe(stored);
      expect(visitorFromBigint(stored), stored).toBe(hash);
      expect(visitorFromBigint(BigInt(stored)), stored).toBe(hash);
    }
    const real = visitorHash(newSalt(), "club.example", "203.0.113.9", CHROME);
    expect(visitorFromBigint(visitorAsBigint(real))).toBe(real);
  });

  it("a new salt each time, 32 random bytes", () => {
    const salts = new Set(Array.from({ length: 50 }, newSalt));
    expect(salts.size).toBe(50);
    for (const salt of salts) expect(salt).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("who is not counted", () => {
  it("DNT: 1 and Sec-GPC: 1 are respected; DNT: 0 is counted", () => {
    expect(notCounted({ "user-agent": CHROME, dnt: "1" })).toBe("do-not-track");
    expect(notCounted({ "user-agent": CHROME, "sec-gpc": "1" })).toBe("global-privacy-control");
    expect(notCounted({ "user-agent": CHROME, dnt: "0" })).toBeNull();
    expect(notCounted({ "user-agent": CHROME })).toBeNull();
  });

  it("bots, headless browsers and clients without a User-Agent are left out", () => {
    for (const userAgent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      CHROME.replace("Chrome/", "HeadlessChrome/"),
      "curl/8.5.0",
      "python-requests/2.32.3",
      "",
    ]) {
      expect(notCounted({ "user-agent": userAgent }), userAgent).toBe("bot");
    }
    expect(notCounted({})).toBe("bot");
  });

  it("podcast apps that isbot takes for bots count as apps for downloads", () => {
    expect(notCounted({ "user-agent": "AntennaPod/3.4.0" })).toBe("bot");
    expect(notCounted({ "user-agent": "AntennaPod/3.4.0" }, true)).toBeNull();
    expect(notCounted({ "user-agent": "AntennaPod/3.4.0", dnt: "1" }, true)).toBe("do-not-track");
  });
});

describe("the listening app", () => {
  it.each([
    ["Podcasts/1650.20 CFNetwork/1333.0.4 Darwin/21.5.0", "apple-podcasts"],
    ["Balados/1650.20 CFNetwork/1333.0.4 Darwin/21.5.0", "apple-podcasts"],
    ["AppleCoreMedia/1.0.0.20E252 (iPhone; U; CPU OS 16_4_1 like Mac OS X; en_us)", "apple-podcasts"],
    ["Spotify/8.8.0 iOS/16.4 (iPhone14,5)", "spotify"],
    ["Overcast/3.0 (+http://overcast.fm/; iOS podcast app)", "overcast"],
    ["PocketCasts/1.0 (Pocket Casts - Android - 7.40)", "pocket-casts"],
    ["Pocket Casts", "pocket-casts"],
    ["AntennaPod/3.4.0", "antennapod"],
    [CHROME, "browser"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
      "browser",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "browser"],
    ["Castro 2024.1/1234 CFNetwork", "other"],
    ["VLC/3.0.20 LibVLC/3.0.20", "other"],
  ])("%s → %s", (userAgent, app) => {
    expect(listeningAppOf(userAgent)).toBe(app);
  });
});

describe("referrers and pages as kept", () => {
  it("keeps a referrer's domain only, never our own, nothing that is not http(s)", () => {
    expect(referrerDomain("https://www.Example.org/path?q=secret#x", "club.example")).toBe("example.org");
    expect(referrerDomain("http://news.example.com:8080/a", "club.example")).toBe("news.example.com");
    expect(referrerDomain("https://club.example/playlists", "club.example")).toBeNull();
    expect(referrerDomain("https://www.club.example/", "club.example")).toBeNull();
    expect(referrerDomain("android-app://com.google.android.gm/", "club.example")).toBeNull();
    expect(referrerDomain("not a url", "club.example")).toBeNull();
    expect(referrerDomain(undefined, "club.example")).toBeNull();
  });

  const known: KnownCatalogue = {
    ...EMPTY_CATALOGUE,
    playlists: new Set([12]),
    shows: new Set(["loop-theory", "green-room"]),
    episodes: new Map([
      [31, "loop-theory"],
      [48, "green-room"],
    ]),
    genres: new Map([
      ["hip hop", "/genre/Hip%20Hop"],
      ["hip-hop", "/genre/Hip%20Hop"],
    ]),
    issues: new Set(["november-2026"]),
  };

  it("counts pages of the route table by path, without query or trailing slash", () => {
    expect(countedPagePath("/search?q=my+secret+words", known)).toBe("/search");
    expect(countedPagePath("/playlists/", known)).toBe("/playlists");
    expect(countedPagePath("/", known)).toBe("/");
    expect(countedPagePath("/playlist/12#tracks", known)).toBe("/playlist/12");
    expect(countedPagePath("/podcasts/loop-theory/31", known)).toBe("/podcasts/loop-theory/31");
    expect(countedPagePath("/wp-login.php", known)).toBeNull();
    expect(countedPagePath("/admin/insights", known)).toBeNull();
    expect(countedPagePath("/api/playlists", known)).toBeNull();
  });

  it("counts a page with parameters only when its subject exists, under its real path (issue 43)", () => {
    expect(countedPagePath("/podcasts/fake-k/48", known)).toBeNull();
    expect(countedPagePath("/podcasts/loop-theory/48", known)).toBeNull();
    expect(countedPagePath("/podcasts/green-room/48/", known)).toBe("/podcasts/green-room/48");
    expect(countedPagePath("/podcasts/green-room/048", known)).toBeNull();
    expect(countedPagePath("/podcasts/green-room/99999999999", known)).toBeNull();
    expect(countedPagePath("/podcasts/%67reen-room", known)).toBe("/podcasts/green-room");
    expect(countedPagePath("/podcasts/%E0%A4%A", known)).toBeNull();
    expect(countedPagePath("/podcasts/no-such-show", known)).toBeNull();
    expect(countedPagePath("/playlist/13", known)).toBeNull();
    expect(countedPagePath("/genres/HIP%20HOP", known)).toBe("/genre/Hip%20Hop");
    expect(countedPagePath("/genre/hip-hop", known)).toBe("/genre/Hip%20Hop");
    expect(countedPagePath("/genres/polka", known)).toBeNull();
    expect(countedPagePath("/newsletter/issues/november-2026", known)).toBe(
      "/newsletter/issues/november-2026",
    );
    expect(countedPagePath("/newsletter/issues/draft-issue", known)).toBeNull();
    // The same path is asked again of a new snapshot (a playlist published since).
    expect(countedPagePath("/playlist/13", { ...known, playlists: new Set([12, 13]) })).toBe("/playlist/13");
  });
});
