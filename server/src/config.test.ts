import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, maskCredentials } from "./config";

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.publicUrl).toBe("http://127.0.0.1:3000");
    expect(config.database).toEqual({ kind: "pglite", dataDir: expect.stringMatching(/\/data$/) });
    expect(config.logLevel).toBe("info");
    expect(config.accessLog).toBe(false);
    expect(config.site.name).toBe("Waveform Music Club");
  });

  it("chooses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u:p@127.0.0.1:5432/db" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u:p@127.0.0.1:5432/db" });
  });

  it("derives PUBLIC_URL from PORT and strips a trailing slash from a given one", () => {
    expect(loadConfig({ PORT: "4100" }).publicUrl).toBe("http://127.0.0.1:4100");
    expect(loadConfig({ PUBLIC_URL: "https://music.example/" }).publicUrl).toBe("https://music.example");
  });

  it.each([
    ["1", true],
    ["true", true],
    ["on", true],
    ["yes", true],
    ["0", false],
    ["false", false],
    ["off", false],
    ["no", false],
  ])("reads ACCESS_LOG=%s as %s", (value, expected) => {
    expect(loadConfig({ ACCESS_LOG: value }).accessLog).toBe(expected);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "  " }).port).toBe(3000);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["LOG_LEVEL", "loud"],
    ["ACCESS_LOG", "sometimes"],
    ["PUBLIC_URL", "ftp://example.com"],
    ["SESSION_SECRET", "short"],
  ])("refuses a bad %s and names it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });

  it.each([
    ["SESSION_SECRET", "short-but-secret-value"],
    ["SPOTIFY_CLIENT_SECRET", "x".repeat(501)],
  ])("names a bad %s but never prints its value", (name, value) => {
    const error = (() => {
      try {
        loadConfig({ [name]: value });
      } catch (thrown) {
        return thrown as Error;
      }
      throw new Error("accepted");
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain(`${name}: `);
    expect(error.message).not.toContain(value);
    expect(error.message).not.toContain("xxxxxxxx");
  });

  it("prints a bad SMTP_URL with its password masked", () => {
    const bad = "smtpx://mailer:Sup3r-s3cret@mail.example:587";
    expect(() => loadConfig({ SMTP_URL: bad })).toThrow(ConfigError);
    try {
      loadConfig({ SMTP_URL: bad });
    } catch (error) {
      expect((error as Error).message).toContain("SMTP_URL: ");
      expect((error as Error).message).toContain('"smtpx://mailer:***@mail.example:587"');
      expect((error as Error).message).not.toContain("Sup3r");
    }
    expect(maskCredentials("smtp://user:p@ss/w@rd@host:25")).toBe("smtp://user:***@host:25");
    expect(maskCredentials("smtp://token-only@host")).toBe("smtp://***@host");
    expect(maskCredentials("smtp://host:25")).toBe("smtp://host:25");
  });

  it.each([
    [
      "a scheme it does not know",
      "mysql://app:Sup3r-s3cret@db.example:5432/waveform",
      '"mysql://app:***@db.example:5432/waveform"',
    ],
    [
      "a typo in the scheme",
      "postgress://app:Sup3r-s3cret@db.example/waveform",
      '"postgress://app:***@db.example/waveform"',
    ],
    ["no scheme", "app:Sup3r-s3cret@db.example/waveform", '"app:***@db.example/waveform"'],
    [
      "libpq key=value words",
      "host=db.example user=app password=Sup3r-s3cret dbname=waveform",
      '"host=db.example user=app password=*** dbname=waveform"',
    ],
    [
      "a password in the query",
      "pg://db.example/waveform?user=app&password=Sup3r-s3cret",
      '"pg://db.example/waveform?user=app&password=***"',
    ],
  ])("prints a malformed DATABASE_URL (%s) without its password", (_, bad, shown) => {
    const error = (() => {
      try {
        loadConfig({ DATABASE_URL: bad });
      } catch (thrown) {
        return thrown as Error;
      }
      throw new Error("accepted");
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain("DATABASE_URL: ");
    expect(error.message).toContain(shown);
    expect(error.message).not.toContain("Sup3r");
  });

  it("reads SMTP_ALLOW_PLAINTEXT (off by default) into the mail settings", () => {
    expect(loadConfig({ SMTP_URL: "smtp://relay:25" }).smtp).toMatchObject({ allowPlaintext: false });
    expect(loadConfig({ SMTP_URL: "smtp://relay:25", SMTP_ALLOW_PLAINTEXT: "true" }).smtp).toMatchObject({
      url: "smtp://relay:25",
      allowPlaintext: true,
    });
    expect(() => loadConfig({ SMTP_ALLOW_PLAINTEXT: "maybe" })).toThrow(/SMTP_ALLOW_PLAINTEXT: /);
  });

  it("turns the SES webhook on only with its topics: SES_SNS_CERT_DIR without SES_SNS_TOPIC_ARNS is refused", () => {
    expect(loadConfig({}).bounceWebhooks.ses).toBeNull();
    let error: unknown;
    try {
      loadConfig({ SES_SNS_CERT_DIR: "/etc/sns-certs" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toMatch(/SES_SNS_TOPIC_ARNS: .*SES_SNS_CERT_DIR/);
    const topic = "arn:aws:sns:eu-west-1:123456789012:ses-bounces";
    expect(
      loadConfig({ SES_SNS_CERT_DIR: "/etc/sns-certs", SES_SNS_TOPIC_ARNS: `${topic},${topic}-2` })
        .bounceWebhooks.ses,
    ).toEqual({ certDir: "/etc/sns-certs", topicArns: [topic, `${topic}-2`] });
    // A topic list alone changes nothing: the webhook stays off without its certificates.
    expect(loadConfig({ SES_SNS_TOPIC_ARNS: topic }).bounceWebhooks.ses).toBeNull();
  });

  it("refuses private feed addresses unless ALLOW_PRIVATE_FEEDS says otherwise", () => {
    expect(loadConfig({}).allowPrivateFeeds).toBe(false);
    expect(loadConfig({ ALLOW_PRIVATE_FEEDS: "true" }).allowPrivateFeeds).toBe(true);
  });

  it("counts insights by default, written every 5 s, 120 beacons a minute an address; the variables say otherwise", () => {
    expect(loadConfig({}).insights).toEqual({ enabled: true, flushMs: 5000, beaconsPerMinute: 120 });
    expect(
      loadConfig({ INSIGHTS: "off", INSIGHTS_FLUSH_MS: "250", INSIGHTS_BEACONS_PER_MINUTE: "600" }).insights,
    ).toEqual({ enabled: false, flushMs: 250, beaconsPerMinute: 600 });
    expect(() => loadConfig({ INSIGHTS_FLUSH_MS: "10" })).toThrow(/INSIGHTS_FLUSH_MS: /);
    expect(() => loadConfig({ INSIGHTS_BEACONS_PER_MINUTE: "0" })).toThrow(/INSIGHTS_BEACONS_PER_MINUTE: /);
    expect(() => loadConfig({ INSIGHTS: "sometimes" })).toThrow(/INSIGHTS: /);
  });

  it("enables Spotify only with SPOTIFY_CLIENT_ID, with Spotify's addresses by default", () => {
    expect(loadConfig({}).spotify).toBeNull();
    expect(loadConfig({ SPOTIFY_CLIENT_ID: "abc123" }).spotify).toEqual({
      clientId: "abc123",
      clientSecret: null,
      accountsUrl: "https://accounts.spotify.com",
      apiUrl: "https://api.spotify.com/v1",
    });
    const local = loadConfig({
      SPOTIFY_CLIENT_ID: "abc123",
      SPOTIFY_CLIENT_SECRET: "s3cret",
      SPOTIFY_ACCOUNTS_URL: "http://127.0.0.1:3211/",
      SPOTIFY_API_URL: "http://127.0.0.1:3211/v1/",
    }).spotify;
    expect(local).toMatchObject({ clientSecret: "s3cret", accountsUrl: "http://127.0.0.1:3211" });
    expect(local?.apiUrl).toBe("http://127.0.0.1:3211/v1");
    expect(() => loadConfig({ SPOTIFY_CLIENT_ID: "has spaces" })).toThrow(/SPOTIFY_CLIENT_ID: /);
    expect(() => loadConfig({ SPOTIFY_API_URL: "ftp://x" })).toThrow(/SPOTIFY_API_URL: /);
  });

  it("runs the Spotify id resolver by default, except in tests, and SPOTIFY_RESOLVER says otherwise", () => {
    expect(loadConfig({}).spotifyResolver).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).spotifyResolver).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).spotifyResolver).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", SPOTIFY_RESOLVER: "on" }).spotifyResolver).toBe(true);
    expect(loadConfig({ SPOTIFY_RESOLVER: "off" }).spotifyResolver).toBe(false);
    expect(() => loadConfig({ SPOTIFY_RESOLVER: "yes" })).toThrow(/SPOTIFY_RESOLVER: /);
  });

  it("applies SITE_* overrides and names a bad one", () => {
    expect(loadConfig({ SITE_NAME: "Night Shift Records" }).site.name).toBe("Night Shift Records");
    expect(() => loadConfig({ SITE_INFO_EMAIL: "not-an-email" })).toThrow(/SITE_INFO_EMAIL/);
  });
});

describe("loadConfig: several servers (decision 0014)", () => {
  it("trusts no proxy, checks only loopback hosts and counts rate limits in memory by default", () => {
    expect(loadConfig({}).scaleOut).toEqual({
      trustProxy: false,
      allowedHosts: [],
      loopbackHostsFromAnywhere: true,
      rateLimitStore: "memory",
      feedRefresh: true,
    });
    const shared = loadConfig({ DATABASE_URL: "postgres://127.0.0.1/db", PUBLIC_URL: "https://m.example" });
    expect(shared.scaleOut).toMatchObject({ rateLimitStore: "database", loopbackHostsFromAnywhere: false });
    expect(loadConfig({ NODE_ENV: "test" }).scaleOut.feedRefresh).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", FEED_REFRESH: "on" }).scaleOut.feedRefresh).toBe(true);
    expect(loadConfig({ FEED_REFRESH: "off" }).scaleOut.feedRefresh).toBe(false);
    expect(loadConfig({ RATE_LIMIT_STORE: "database" }).scaleOut.rateLimitStore).toBe("database");
  });

  it.each([
    ["true", true],
    ["false", false],
    ["127.0.0.1", ["127.0.0.1"]],
    ["loopback, 10.0.0.0/8,fd00::/8", ["loopback", "10.0.0.0/8", "fd00::/8"]],
  ])("reads TRUST_PROXY=%s", (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).scaleOut.trustProxy).toEqual(expected);
  });

  it.each(["1", "proxy.local", "10.0.0.0/33", "10.0.0.1/8/1"])(
    "refuses TRUST_PROXY=%s and names it",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: /);
    },
  );

  it("reads ALLOWED_HOSTS as lower-case host or host:port names", () => {
    expect(
      loadConfig({ ALLOWED_HOSTS: "WWW.Music.example, music.example:8443" }).scaleOut.allowedHosts,
    ).toEqual(["www.music.example", "music.example:8443"]);
    expect(() => loadConfig({ ALLOWED_HOSTS: "https://music.example" })).toThrow(/ALLOWED_HOSTS/);
  });
});
