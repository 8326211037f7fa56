import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromSite } from "../test/same-origin";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";
import { CONTROL_CHARACTER_MESSAGE, MAX_NESTING, TOO_DEEP_MESSAGE } from "./control-characters";

/** The site's own origin (PUBLIC_URL's default in tests): public POSTs carry it. */
const ORIGIN = "http://127.0.0.1:3000";
const nestedArrays = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
const nestedObjects = (levels: number, key = "a") => `${`{"${key}":`.repeat(levels)}1${"}".repeat(levels)}`;

describe(`control characters in any input (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it.each([
    ["/api/podcasts?q=%00", "q"],
    ["/api/podcasts?q=jazz%00", "q"],
    ["/api/podcasts?category=%00", "category"],
    ["/api/podcasts?q=a%1Fb", "q"],
    ["/api/genres/%00/subgenres", "id"],
    ["/api/playlists/genre/%00", "name"],
    ["/api/podcasts/shows/%00", "show"],
  ])("GET %s answers 400 naming the field %s", async (url, field) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Invalid request",
      issues: [
        {
          path: field,
          message: CONTROL_CHARACTER_MESSAGE,
        },
      ],
    });
  });

  it("a newsletter sourcePage holding a NUL answers 400 naming sourcePage, and nothing is stored", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: fromSite(),
      payload: { email: "nul@example.com", agreeToTerms: true, sourcePage: "/\u0000" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Invalid request",
      issues: [{ path: "sourcePage", message: CONTROL_CHARACTER_MESSAGE }],
    });
    const retry = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: fromSite(),
      payload: { email: "nul@example.com", agreeToTerms: true, sourcePage: "/" },
    });
    expect(retry.statusCode).toBe(200);
  });

  it("text in a body may hold line breaks and tabs (only other controls are refused)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: fromSite(),
      payload: { email: "tab@example.com", agreeToTerms: true, sourcePage: "/\t" },
    });
    expect(response.statusCode).not.toBe(500);
    expect(response.json().issues?.[0]?.message).not.toBe(CONTROL_CHARACTER_MESSAGE);
  });

  it.each(["/podcasts/%00", "/genre/%00", "/playlist/%00", "/podcasts?q=%00"])(
    "the page %s answers the 404 page",
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
    },
  );

  it("a plain search still works", async () => {
    expect((await t.app.inject({ url: "/api/podcasts?q=jazz" })).statusCode).toBe(200);
  });

  describe("deeply nested JSON bodies (the fuzz case that overflowed the stack)", () => {
    const post = (url: string, payload: string) =>
      t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json", origin: ORIGIN },
        payload,
      });
    const tooDeep = { error: "Invalid request", issues: [{ path: "body", message: TOO_DEEP_MESSAGE }] };

    it.each([
      ["5,000 levels of [", "/api/spotify/disconnect", nestedArrays(5_000)],
      ['5,000 levels of {"a":', "/api/spotify/disconnect", nestedObjects(5_000)],
      ["5,000 levels of [ to the console's sign-in", "/api/admin/sign-in", nestedArrays(5_000)],
      // The playlist route takes bodies of 512 KB: room for 100,000 levels.
      ["100,000 levels of [", "/api/spotify/playlists", nestedArrays(100_000)],
      ['100,000 levels of {"":', "/api/spotify/playlists", nestedObjects(100_000, "")],
      ["one level too many", "/api/spotify/disconnect", nestedArrays(MAX_NESTING + 1)],
      ["too deep at a page address", "/podcasts", nestedArrays(5_000)],
    ])("%s answers 400 naming the nesting", async (_, url, payload) => {
      const response = await post(url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(tooDeep);
    });

    it("a body nested as deeply as allowed is not refused for its depth", async () => {
      const response = await post("/api/spotify/disconnect", nestedArrays(MAX_NESTING));
      expect(response.statusCode).toBe(200);
    });

    it.each([
      ["100,000 unclosed [", "/api/spotify/playlists", "[".repeat(100_000)],
      ['100,000 levels of {"a": (over the body limit)', "/api/spotify/playlists", nestedObjects(100_000)],
      ["60,000 levels of [ (over the app-wide body limit)", "/api/spotify/disconnect", nestedArrays(60_000)],
    ])("%s is refused with a 4xx, never a 500", async (_, url, payload) => {
      const response = await post(url, payload);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    });

    it("a control character deep in an allowed body is still found, with its path", async () => {
      const payload = JSON.stringify({
        email: "deep@example.com",
        agreeToTerms: true,
        extra: [[{ x: "\u0000" }]],
      });
      const response = await post("/api/newsletter/subscribe", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([{ path: "extra.0.0.x", message: CONTROL_CHARACTER_MESSAGE }]);
    });
  });
});
