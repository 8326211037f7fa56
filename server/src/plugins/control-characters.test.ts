import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromSite } from "../test/same-origin";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";
import { CONTROL_CHARACTER_MESSAGE } from "./control-characters";

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
});
