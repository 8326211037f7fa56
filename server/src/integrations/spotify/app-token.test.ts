import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeSpotify, startFakeSpotify } from "../../test/fake-spotify/fake-spotify";
import { AppCredentialsRefusedError, createAppTokenSource } from "./app-token";
import { SpotifyError } from "./spotify-errors";

const SECRET = "app-token-secret";

describe("the app's Client Credentials token", () => {
  let fake: FakeSpotify;
  let clock = 0;
  const source = (clientSecret = SECRET) =>
    createAppTokenSource(
      { clientId: fake.clientId, clientSecret, accountsUrl: fake.accountsUrl },
      5000,
      () => clock,
    );

  beforeAll(async () => {
    fake = await startFakeSpotify({ clientSecret: SECRET });
  });
  beforeEach(() => {
    fake.control({ reset: true });
    clock = Date.now();
  });
  afterAll(() => fake.close());

  it("is asked for once with HTTP Basic and kept until a minute before it expires", async () => {
    const tokens = source();
    const [a, b, c] = await Promise.all([tokens.current(), tokens.current(), tokens.current()]);
    expect(a).toMatch(/^fake-app-access-/);
    expect(new Set([a, b, c]).size).toBe(1);
    expect(fake.state.tokenGrants).toEqual([{ grantType: "client_credentials", clientAuth: "basic" }]);

    clock += 3600_000 - 61_000;
    expect(await tokens.current()).toBe(a);
    clock += 2_000;
    const renewed = await tokens.current();
    expect(renewed).not.toBe(a);
    expect(fake.state.tokenGrants).toHaveLength(2);

    // After a 401 the cached one is dropped.
    expect(await tokens.refresh()).not.toBe(renewed);
    expect(fake.state.tokenGrants).toHaveLength(3);
  });

  it("tells refused credentials apart from an accounts service that is down or rate limiting", async () => {
    await expect(source("wrong").current()).rejects.toBeInstanceOf(AppCredentialsRefusedError);
    fake.control({ failNext: { status: 500, on: "token" } });
    const down = await source()
      .current()
      .catch((error: unknown) => error);
    expect(down).toBeInstanceOf(SpotifyError);
    expect((down as SpotifyError).failure).toBe("unavailable");
    fake.control({ failNext: { status: 429, on: "token", retryAfter: 7 } });
    const limited = await source()
      .current()
      .catch((error: unknown) => error);
    expect(limited).toMatchObject({ failure: "rate-limited", retryAfterSeconds: 7 });
  });
});
