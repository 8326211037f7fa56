import { getSearch, type SearchAnswer, type SearchKind } from "@waveform/contracts/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

async function search(t: TestApp, query: Record<string, string>): Promise<SearchAnswer> {
  const response = await t.app.inject({ url: "/api/search", query });
  expect(response.statusCode, response.body).toBe(200);
  return getSearch.responses[200].parse(response.json());
}

const group = (answer: SearchAnswer, type: SearchKind) => answer.groups.find((g) => g.type === type);
const firstOf = async (t: TestApp, q: string, type: SearchKind) =>
  group(await search(t, { q, type }), type)?.results[0];

describe(`GET /api/search on ${testEngine}`, () => {
  describe("with the seed catalogue", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: true });
    });
    afterAll(() => t.close());

    it.each([
      ["beyonce", "track", "Crazy in Love"],
      ["jose gonzalez", "artist", "José González"],
      ["José González", "artist", "José González"],
      ["electr", "genre", "Electronic"],
      ["daft pnuk", "artist", "Daft Punk"],
      ["kendrik lamar", "artist", "Kendrick Lamar"],
      ["debusy", "artist", "Claude Debussy"],
      ["rnb", "genre", "R&B"],
      ["r and b", "genre", "R&B"],
      ["hiphop", "genre", "Hip Hop"],
      ["lofi", "genre", "Lo-fi Hip Hop"],
      ["heartbeats", "track", "Heartbeats"],
      ["hoodie", "merchandise", "Midnight Owls Tour Hoodie"],
      ["luna vale", "artist", "Luna Vale"],
      ["green room", "podcast", "The Green Room Sessions"],
      ["charts", "page", "Music Charts"],
    ] as const)("'%s' finds the %s %s first", async (q, type, title) => {
      expect((await firstOf(t, q, type))?.title).toBe(title);
    });

    it("puts a group whose name starts with the query above groups found by their descriptions", async () => {
      // 'electr' is in playlists' descriptions (SEARCH_KINDS puts playlists first) and starts the
      // genre Electronic's name: the suggestions and /search show the genre first.
      // The track Electric Relaxation starts with it too, and tracks come before genres.
      const answer = await search(t, { q: "electr", limit: "4" });
      const firsts = answer.groups.map((g) => `${g.type}: ${g.results[0]?.title}`);
      expect(firsts.slice(0, 2)).toEqual(["track: Electric Relaxation", "genre: Electronic"]);
      expect(firsts.indexOf("genre: Electronic")).toBeLessThan(
        firsts.findIndex((f) => f.startsWith("playlist")),
      );
      // Among groups matched alike, the kinds keep their order: 'heartbeats' names a track exactly.
      const exact = await search(t, { q: "heartbeats" });
      expect(exact.groups[0]?.type).toBe("track");
    });

    it("finds a typo in an artist's or a host's name, not only in titles", async () => {
      const tracks = group(await search(t, { q: "kendrik lamar", type: "track" }), "track");
      expect(tracks?.results.map((r) => r.title).sort()).toEqual(["Alright", "HUMBLE."]);
      expect(tracks?.results.every((r) => r.subtitle.startsWith("Kendrick Lamar ·"))).toBe(true);
      expect((await firstOf(t, "kairo blase", "release"))?.title).toBe("Signal Fire");
      expect((await firstOf(t, "dana whitfeild", "podcast"))?.subtitle).toBe("Podcast · Dana Whitfield");
      expect(await firstOf(t, "dana whitfeild", "track")).toBeUndefined();
    });

    it("answers one to three letters from the prefix index as the full ranking would (tiers 0–1)", async () => {
      const { createSearchRepository, fullRowsSql } = await import("./search.repository");
      const { parseQuery } = await import("./search-ranking");
      const repository = createSearchRepository(t.database.db);
      for (const q of ["e", "el", "hea", "j", "rnb", "r&b", "lo", "1", "the"]) {
        const query = parseQuery(q);
        const request = { q, limit: 50, offset: 0 };
        const fast = await repository.rankedRows(query, request);
        const full = (
          (await t.database.db.execute(fullRowsSql(query, { ...request, limit: 100_000 }))) as unknown as {
            rows: Array<{ kind: string; key: string; tier: number }>;
          }
        ).rows;
        const kinds = new Set(fast.map((row) => row.kind));
        expect(kinds.size, q).toBeGreaterThan(0);
        for (const kind of kinds) {
          const ranked = full.filter((row) => row.kind === kind && row.tier <= 1);
          const fastOfKind = fast.filter((row) => row.kind === kind);
          expect(
            fastOfKind.map((row) => `${row.key}:${row.tier}`),
            `${q} ${kind}`,
          ).toEqual(ranked.slice(0, 50).map((row) => `${row.key}:${row.tier}`));
          expect(fastOfKind[0]?.total, `${q} ${kind}`).toBe(ranked.length);
        }
      }
    });

    it("answers words of one or two letters from title starts, as the full ranking's tiers 0–1", async () => {
      const { createSearchRepository, fullRowsSql } = await import("./search.repository");
      const { parseQuery } = await import("./search-ranking");
      const repository = createSearchRepository(t.database.db);
      const found: string[] = [];
      for (const q of ["lo fi", "a b", "h 55", "r b", "el c"]) {
        const query = parseQuery(q);
        const fast = await repository.rankedRows(query, { q, limit: 50, offset: 0 });
        const full = (
          (await t.database.db.execute(fullRowsSql(query, { q, limit: 100_000, offset: 0 }))) as unknown as {
            rows: Array<{ kind: string; key: string; tier: number }>;
          }
        ).rows.filter((row) => row.tier <= 1);
        if (fast.length > 0) found.push(q);
        expect(
          fast.map((row) => `${row.kind}:${row.key}:${row.tier}`),
          q,
        ).toEqual(full.map((row) => `${row.kind}:${row.key}:${row.tier}`));
      }
      expect(found).toContain("lo fi");
    });

    it("ranks a page past the prefix lists' keys from the documents, in the same order", async () => {
      const { prefixRowsSql } = await import("./search-prefixes");
      const { parseQuery } = await import("./search-ranking");
      const rows = async (q: string, listMax?: number) =>
        (
          (await t.database.db.execute(
            prefixRowsSql(parseQuery(q), { limit: 50, offset: 0 }, listMax),
          )) as unknown as { rows: unknown[] }
        ).rows;
      for (const q of ["a", "el", "the", "rnb"]) {
        const listed = await rows(q);
        expect(listed.length, q).toBeGreaterThan(0);
        expect(await rows(q, 0), q).toEqual(listed);
      }
    });

    it("finds an episode by what is said in it (the club's transcripts)", async () => {
      // The host's name is in no Bedroom to Master episode's title or description, only in
      // its transcript's 'Hosted by Theo Lindqvist.'
      const episodes = group(await search(t, { q: "theo lindqvist", type: "episode" }), "episode");
      expect(episodes?.count).toBe(8);
      expect(episodes?.results.every((r) => r.subtitle === "Episode · Bedroom to Master")).toBe(true);
    });

    it("answers every type at once, grouped in a fixed order, with counts and marked letters", async () => {
      const answer = await search(t, { q: "love" });
      expect(answer.query).toBe("love");
      expect(answer.groups.length).toBeGreaterThan(1);
      const order = answer.groups.map((g) => g.type);
      expect(order).toEqual(
        [
          "playlist",
          "track",
          "artist",
          "genre",
          "release",
          "podcast",
          "episode",
          "merchandise",
          "page",
        ].filter((type) => order.includes(type as SearchKind)),
      );
      for (const g of answer.groups) {
        expect(g.results.length).toBeLessThanOrEqual(5);
        expect(g.count).toBeGreaterThanOrEqual(g.results.length);
        for (const result of g.results) {
          expect(result.href).toMatch(/^\/[a-z]/);
          for (const [start, end] of result.matches)
            expect(result.title.slice(start, end)).toMatch(/^love$/i);
        }
      }
    });

    it("a track opens the playlist that holds it at the track's row, with 'Open in Spotify'", async () => {
      const track = await firstOf(t, "heartbeats", "track");
      expect(track?.href).toMatch(/^\/playlist\/\d+#track-\d+$/);
      expect(track?.subtitle).toMatch(/^José González · in /);
      expect(track?.spotifyUrl).toMatch(/^https:\/\/open\.spotify\.com\//);
      expect(track?.matches).toEqual([[0, 10]]);
      const page = await t.app.inject({ url: track?.href.split("#")[0] ?? "" });
      expect(page.statusCode).toBe(200);
    });

    it("an exact title is never buried under more popular partial matches", async () => {
      const genres = group(await search(t, { q: "jazz", type: "genre" }), "genre");
      expect(genres?.results[0]?.title).toBe("Jazz");
      const artists = group(await search(t, { q: "electronic", type: "genre" }), "genre");
      expect(artists?.results[0]).toMatchObject({ title: "Electronic", matches: [[0, 10]] });
    });

    it("ranks in SQL exactly as the ranking rules do", async () => {
      const { createSearchRepository } = await import("./search.repository");
      const { parseQuery, rankTier } = await import("./search-ranking");
      const repository = createSearchRepository(t.database.db);
      for (const q of ["love", "electr", "hiphop", "daft pnuk", "r and b", "night", "the", "jose"]) {
        const query = parseQuery(q);
        const rows = await repository.rankedRows(query, { q, limit: 50, offset: 0 });
        expect(rows.length, q).toBeGreaterThan(0);
        for (const row of rows) {
          const doc = { titleNorm: row.title_norm, titleCompact: row.title_compact, textNorm: row.text_norm };
          expect(rankTier(query, doc), `${q} → ${row.title}`).toBe(row.tier);
        }
        for (const kind of new Set(rows.map((row) => row.kind))) {
          const tiers = rows.filter((row) => row.kind === kind).map((row) => row.tier);
          expect(tiers, q).toEqual([...tiers].sort());
        }
      }
    });

    it("matches several words only where every word is found, each tier as the ranking rules say", async () => {
      const { createSearchRepository } = await import("./search.repository");
      const { parseQuery, rankTier, TIER } = await import("./search-ranking");
      const repository = createSearchRepository(t.database.db);
      const rowsOf = async (q: string) => {
        const query = parseQuery(q);
        const rows = await repository.rankedRows(query, { q, limit: 50, offset: 0 });
        for (const row of rows) {
          const doc = { titleNorm: row.title_norm, titleCompact: row.title_compact, textNorm: row.text_norm };
          expect(rankTier(query, doc), `${q} → ${row.title}`).toBe(row.tier);
          // Short of a typo, a document holds every word of the query (the longest read by the
          // index, the others checked on its rows).
          if (row.tier < TIER.fuzzy)
            for (const word of query.words) expect(row.text_norm, `${q} → ${row.title}`).toContain(word);
        }
        return rows;
      };
      for (const q of ["green room", "late night", "midnight owls tour", "crazy love", "room green"])
        expect((await rowsOf(q)).length, q).toBeGreaterThan(0);
      // The longest word alone finds the show; a second word found nowhere leaves typos only.
      expect((await rowsOf("green room")).some((row) => row.tier === TIER.words)).toBe(true);
      expect((await rowsOf("sessions zqxv")).filter((row) => row.tier < TIER.fuzzy)).toEqual([]);
      expect((await rowsOf("zqxv sessions")).filter((row) => row.tier < TIER.fuzzy)).toEqual([]);
    });

    it("pages through one type with the cursor, without repeats, to the end", async () => {
      const first = group(await search(t, { q: "a", type: "track", limit: "10" }), "track");
      expect(first?.results).toHaveLength(10);
      const count = first?.count ?? 0;
      expect(count).toBeGreaterThan(20);
      const seen = new Set(first?.results.map((r) => r.id));
      let cursor = first?.nextCursor ?? null;
      while (cursor) {
        const next = group(await search(t, { q: "a", type: "track", limit: "50", cursor }), "track");
        for (const r of next?.results ?? []) {
          expect(seen.has(r.id)).toBe(false);
          seen.add(r.id);
        }
        cursor = next?.nextCursor ?? null;
      }
      expect(seen.size).toBe(count);
    });

    it("finds nothing for nonsense, and offers a close title when there is one", async () => {
      const nothing = await search(t, { q: "zzqxj" });
      expect(nothing).toEqual({ query: "zzqxj", groups: [], suggestion: null });
      expect(await search(t, { q: "kendriklamarr" })).toEqual({
        query: "kendriklamarr",
        groups: [],
        suggestion: "Kendrick Lamar",
      });
      expect((await search(t, { q: "daftpnukk" })).suggestion).toBe("Daft Punk");
      expect(await search(t, { q: "  ?!  " })).toEqual({ query: "?!", groups: [], suggestion: null });
    });

    it("is cached with an ETag like the other catalogue reads", async () => {
      const first = await t.app.inject({ url: "/api/search?q=jazz" });
      const etag = first.headers.etag;
      expect(etag).toBeTruthy();
      expect(first.headers["cache-control"]).toMatch(/max-age=60/);
      const again = await t.app.inject({
        url: "/api/search?q=jazz",
        headers: { "if-none-match": String(etag) },
      });
      expect(again.statusCode).toBe(304);
    });

    it.each([
      ["no q", "", "q"],
      ["an empty q", "q=", "q"],
      ["a blank q", "q=%20%20%20", "q"],
      ["a q over 100 characters", `q=${"a".repeat(101)}`, "q"],
      ["a NUL byte", "q=ab%00c", "q"],
      ["an escape character", "q=%1B%5B31m", "q"],
      ["a DEL", "q=a%7F", "q"],
      ["a C1 control", "q=a%C2%85", "q"],
      ["a newline", "q=a%0Ab", "q"],
      ["two q", "q=a&q=b", "q"],
      ["an unknown type", "q=a&type=people", "type"],
      ["a limit of 0", "q=a&limit=0", "limit"],
      ["a limit over 50", "q=a&limit=51", "limit"],
      ["a fractional limit", "q=a&limit=1.5", "limit"],
      ["a limit that is not a number", "q=a&limit=lots", "limit"],
      ["a cursor that is not one", "q=a&type=track&cursor=abc", "cursor"],
      ["a cursor without a type", "q=a&cursor=10", "cursor"],
    ])("400 with a field message for %s", async (_, query, field) => {
      const response = await t.app.inject({ url: `/api/search?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      const body = response.json() as { error: string; issues: Array<{ path: string; message: string }> };
      expect(body.issues.map((issue) => issue.path)).toContain(field);
      for (const issue of body.issues) expect(issue.message.length).toBeGreaterThan(5);
    });

    it("never answers 5xx, whatever the query holds", async () => {
      const odd = [
        "%25",
        "_",
        "%5C",
        "'",
        "''",
        ":*",
        "a:*",
        "!",
        "&",
        "|",
        "(",
        ")",
        "<->",
        "a & | b",
        "%F0%9F%8E%B5",
        "%E2%80%AE",
        "%ED%A0%80",
        "%FF",
        "%",
        "%E",
        "Кино",
        "音楽",
        "a".repeat(100),
        `${"ab ".repeat(33)}a`,
        "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "1",
        "0",
        "-1",
        "null",
        "undefined",
      ];
      for (const q of odd) {
        const response = await t.app.inject({ url: `/api/search?q=${q}` });
        expect(response.statusCode, `${q}: ${response.body}`).toBeLessThan(500);
        expect(response.headers["content-type"], q).toMatch(/application\/json/);
      }
    });

    it("is rate-limited per address", async () => {
      let limited = 0;
      for (let i = 0; i < 610 && limited === 0; i++) {
        const response = await t.app.inject({ url: `/api/search?q=r${i % 7}`, remoteAddress: "203.0.113.9" });
        if (response.statusCode === 429) limited = i;
      }
      expect(limited).toBe(600);
    });
  });

  describe("with an empty database", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ seed: false });
    });
    afterAll(() => t.close());

    it("answers with no groups and no suggestion", async () => {
      expect(await search(t, { q: "jazz" })).toEqual({ query: "jazz", groups: [], suggestion: null });
      expect(await search(t, { q: "jazz", type: "genre", limit: "3" })).toEqual({
        query: "jazz",
        groups: [],
        suggestion: null,
      });
    });
  });
});
