import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeSpotify, startFakeSpotify } from "../../test/fake-spotify/fake-spotify";
import { issueTokens } from "../../test/fake-spotify/fake-state";
import { createSpotifyApi, retryAfterSeconds } from "./spotify-api";
import { SpotifyError } from "./spotify-errors";

describe("retryAfterSeconds", () => {
  it("reads delta-seconds and HTTP dates, and falls back to 1", () => {
    expect(retryAfterSeconds("7")).toBe(7);
    expect(retryAfterSeconds(" 0 ")).toBe(0);
    const now = Date.parse("2026-11-20T10:00:00Z");
    expect(retryAfterSeconds("Fri, 20 Nov 2026 10:00:30 GMT", now)).toBe(30);
    expect(retryAfterSeconds(null)).toBe(1);
    expect(retryAfterSeconds("soon")).toBe(1);
  });
});

describe("Spotify Web API client against the fake", () => {
  let fake: FakeSpotify;
  let token: string;
  const api = (options: { timeoutMs?: number; apiUrl?: string } = {}) =>
    createSpotifyApi({
      apiUrl: options.apiUrl ?? fake.apiUrl,
      timeoutMs: options.timeoutMs,
      tokens: {
        current: async () => token,
        refresh: async () => {
          token = issueTokens(fake.state).accessToken;
          return token;
        },
      },
    });
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SpotifyError);
    return error as SpotifyError;
  };

  beforeAll(async () => {
    fake = await startFakeSpotify();
  });
  beforeEach(() => {
    fake.control({ reset: true });
    token = issueTokens(fake.state).accessToken;
  });
  afterAll(() => fake.close());

  it("reads the profile", async () => {
    expect(await api().me()).toEqual({ id: "test-listener", displayName: "Test Listener" });
  });

  it("times out with a sentence, per call", async () => {
    fake.control({ delayMs: 400 });
    const error = await failure(api({ timeoutMs: 100 }).me());
    expect(error.failure).toBe("timeout");
    expect(error.message).toBe("Spotify did not answer in time. Please try again.");
    expect(error.httpStatus).toBe(504);
  });

  it("says so when Spotify cannot be reached", async () => {
    const error = await failure(api({ apiUrl: "http://127.0.0.1:9/v1" }).me());
    expect(error.message).toBe("Spotify could not be reached. Please try again in a moment.");
  });

  it("explains a 403 (Development Mode user list)", async () => {
    fake.control({ failNext: { status: 403 } });
    const error = await failure(api().me());
    expect(error.message).toMatch(/^Spotify refused the request\. .*Development Mode/);
  });

  it("retries a 429 only once, then reports the wait", async () => {
    fake.control({ failNext: { status: 429, retryAfter: 0, count: 2 } });
    const error = await failure(api().me());
    expect(error.message).toBe("Spotify is rate limiting us; try again in 0 s");
    expect(error.retryAfterSeconds).toBe(0);
    expect(fake.state.requests.filter((r) => r.path === "/v1/me")).toHaveLength(2);
  });

  it("finds tracks, falls back to a plain query, and returns null for unknown ones", async () => {
    const client = api();
    const [known] = fake.state.tracks;
    expect(await client.findTrack(known?.name ?? "", known?.artist ?? "")).toBe(`spotify:track:${known?.id}`);
    const [missing] = fake.state.unknownTracks;
    expect(await client.findTrack(missing?.title ?? "", missing?.artist ?? "")).toBeNull();
    // A plain-query hit by another artist is not trusted.
    expect(await client.findTrack(known?.name ?? "", "Somebody Else")).toBeNull();
    // Double quotes cannot break out of the field filter.
    expect(await client.findTrack('Glue" artist:"Bicep', "Nobody")).toBeNull();
  });

  it("treats an unreadable answer as a failure with a sentence", async () => {
    // "#" turns the path after it into a fragment: /me lands on the fake's health JSON instead.
    const error = await failure(
      createSpotifyApi({
        apiUrl: `${fake.url}/__health#`,
        tokens: { current: async () => token, refresh: async () => token },
      }).me(),
    );
    expect(error.failure).toBe("unexpected");
  });
});
