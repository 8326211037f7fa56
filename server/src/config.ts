import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { type SiteConfig, siteConfigFromEnv } from "@waveform/contracts/site";
import { EnvSchema, type LOG_LEVELS } from "./env-schema";
import { type ScaleOutConfig, scaleOutConfig } from "./lib/scale-out-config";
import { defaultClientDist, repoRoot } from "./paths";

export type DatabaseConfig = { kind: "pglite"; dataDir: string | null } | { kind: "postgres"; url: string };

/** A Spotify app's credentials and the two base addresses (overridable so tests use a fake). */
export interface SpotifyConfig {
  clientId: string;
  /** Null: a public client (PKCE only), as Spotify's PKCE tutorial describes. */
  clientSecret: string | null;
  accountsUrl: string;
  apiUrl: string;
}

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  publicUrl: string;
  database: DatabaseConfig;
  logLevel: (typeof LOG_LEVELS)[number];
  /** ACCESS_LOG: one info line per request; errors are logged whether or not it is on. */
  accessLog: boolean;
  sessionSecret: string | undefined;
  /** DATA_DIR, resolved: also holds the generated session secret outside production. */
  dataDir: string;
  /** Folder of the built client, or null when it has not been built. */
  clientDist: string | null;
  site: SiteConfig;
  /** Newsletter subscriptions allowed per client address per minute. */
  newsletterRateLimit: number;
  /** NEWSLETTER_SEND_RATE: mails per second while an issue is sending. */
  newsletterSendRate: number;
  /**
   * NEWSLETTER_SEND_JOURNAL: this server's journal of final dots (decision 0024), by default
   * `<DATA_DIR>/newsletter-send-<PORT>.journal`: each server of a cluster needs its own, found again
   * by the same server when it restarts.
   */
  newsletterSendJournal: string;
  /** Bounce and complaint webhooks; each off while its settings are unset. */
  bounceWebhooks: {
    ses: { certDir: string; topicArns: string[] } | null;
    postmark: { user: string; password: string } | null;
  };
  /** Console sign-in attempts allowed per client address per 15 minutes (per account: always 5). */
  consoleSignInLimitPerAddress: number;
  /**
   * Outgoing mail; null when SMTP_URL is unset (confirmation links are then only logged).
   * `allowPlaintext` (SMTP_ALLOW_PLAINTEXT): smtp:// may stay unencrypted (a local relay).
   */
  smtp: { url: string; from: string; allowPlaintext: boolean } | null;
  /** ALLOW_PRIVATE_FEEDS: podcast feeds may be fetched from loopback/private/link-local addresses. */
  allowPrivateFeeds: boolean;
  /**
   * The fediverse accounts (FEDERATION, on by default for an https PUBLIC_URL); `allowPrivateAddresses`
   * (FEDERATION_ALLOW_PRIVATE_ADDRESSES) lets remote servers live on loopback and private addresses.
   */
  federation: { enabled: boolean; allowPrivateAddresses: boolean; inboxPerMinute: number };
  /** Null when SPOTIFY_CLIENT_ID is unset: the Spotify features answer "not configured". */
  spotify: SpotifyConfig | null;
  /**
   * SPOTIFY_RESOLVER: whether the background job looks up missing Spotify ids (it also needs a
   * client secret). Default on, except under NODE_ENV=test, where a test turns it on.
   */
  spotifyResolver: boolean;
  /**
   * SPOTIFY_SEARCH_BUDGET: the Spotify searches one visitor (client address) may cause in 10
   * minutes by saving playlists, counted in the database for every server (search-budget.ts).
   */
  spotifySearchBudget: number;
  /**
   * SHUTDOWN_DRAIN_MS: on SIGTERM, how long /api/health answers 503 "draining" (requests still
   * served) before the server stops listening. 0 alone; behind a load balancer, longer than its
   * health checks take to mark a server down (deploy/haproxy.cfg: 2 checks 1 s apart).
   */
  shutdownDrainMs: number;
  /** Proxy trust, accepted hosts, where rate limits count, feed refresh (lib/scale-out-config). */
  scaleOut: ScaleOutConfig;
  /**
   * INSIGHTS, INSIGHTS_FLUSH_MS and INSIGHTS_BEACONS_PER_MINUTE: counting on or off, how often
   * counts are written (a kill -9 loses at most that), and the beacons one address may send a minute.
   */
  insights: { enabled: boolean; flushMs: number; beaconsPerMinute: number };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Variables whose values are secrets: an error names them but never prints what they hold. */
const SECRET_VARIABLES = new Set(["SESSION_SECRET", "SPOTIFY_CLIENT_SECRET", "POSTMARK_WEBHOOK_AUTH"]);

/** Variables that are addresses with credentials in them: an error prints them masked (maskCredentials). */
const CREDENTIAL_URL_VARIABLES = new Set(["SMTP_URL", "DATABASE_URL"]);

/** `password=…` (libpq key=value words, or a query parameter), quoted or not. */
const PASSWORD_SETTING = /\b((?:ssl)?password\s*=\s*)('[^']*'?|[^\s&]*)/gi;

/**
 * An address as it may be printed (SMTP_URL, DATABASE_URL, however malformed): the password after
 * the user name (whatever stands between `//`, or the start, and the last `@`) and the value of any
 * `password=` are masked: `smtp://user:***@host`, `host=db password=***`.
 */
export function maskCredentials(value: string): string {
  const withoutSettings = value.replace(PASSWORD_SETTING, "$1***");
  const at = withoutSettings.lastIndexOf("@");
  if (at < 0) return withoutSettings;
  const slashes = withoutSettings.indexOf("//");
  const start = slashes >= 0 && slashes < at ? slashes + 2 : 0;
  const userinfo = withoutSettings.slice(start, at);
  const colon = userinfo.indexOf(":");
  const masked = colon >= 0 ? `${userinfo.slice(0, colon)}:***` : "***";
  return `${withoutSettings.slice(0, start)}${masked}${withoutSettings.slice(at)}`;
}

/** What a configuration error says a variable held: nothing for a secret, an address without its password. */
function shownValue(name: string, value: string | undefined): string {
  if (SECRET_VARIABLES.has(name)) return " (value not shown: it is a secret)";
  if (CREDENTIAL_URL_VARIABLES.has(name) && value !== undefined) return ` (got "${maskCredentials(value)}")`;
  return ` (got "${value}")`;
}

/** Empty strings count as unset, as they do in most .env files. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
  );
}

/** A local .env at the repository root fills in variables the environment does not set. */
export function loadDotEnv(): void {
  const envFile = join(repoRoot, ".env");
  if (existsSync(envFile)) process.loadEnvFile(envFile);
}

/** Parses the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const values = withoutEmpty(env);
  const parsed = EnvSchema.safeParse(values);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `${issue.path.join(".")}: ${issue.message}${shownValue(String(issue.path[0]), values[String(issue.path[0])])}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  let site: SiteConfig;
  try {
    site = siteConfigFromEnv(values);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
  }
  // The environment as EnvSchema checked it: defaults filled in, numbers coerced, no trailing slashes.
  const checkedEnv = parsed.data;
  // SNS signs every AWS account's topics with the same regional certificate: without a topic list
  // anyone could publish a bounce to a topic of their own and post it here.
  if (checkedEnv.SES_SNS_CERT_DIR && !checkedEnv.SES_SNS_TOPIC_ARNS)
    throw new ConfigError(
      "Invalid configuration:\n  SES_SNS_TOPIC_ARNS: required when SES_SNS_CERT_DIR turns on the SES webhook (the comma-separated ARNs of the SNS topics your SES bounces and complaints are published to; any other account's topic is signed with the same certificate)",
    );
  const clientDist = checkedEnv.CLIENT_DIST ? resolve(checkedEnv.CLIENT_DIST) : defaultClientDist;
  return {
    env: checkedEnv.NODE_ENV,
    port: checkedEnv.PORT,
    host: checkedEnv.HOST,
    publicUrl: checkedEnv.PUBLIC_URL ?? `http://127.0.0.1:${checkedEnv.PORT}`,
    database: checkedEnv.DATABASE_URL
      ? { kind: "postgres", url: checkedEnv.DATABASE_URL }
      : { kind: "pglite", dataDir: resolve(repoRoot, checkedEnv.DATA_DIR) },
    logLevel: checkedEnv.LOG_LEVEL,
    accessLog: checkedEnv.ACCESS_LOG,
    sessionSecret: checkedEnv.SESSION_SECRET,
    dataDir: resolve(repoRoot, checkedEnv.DATA_DIR),
    clientDist: existsSync(join(clientDist, "index.html")) ? clientDist : null,
    site,
    newsletterRateLimit: checkedEnv.NEWSLETTER_RATE_LIMIT_PER_MINUTE,
    newsletterSendRate: checkedEnv.NEWSLETTER_SEND_RATE,
    newsletterSendJournal: resolve(
      repoRoot,
      checkedEnv.NEWSLETTER_SEND_JOURNAL ??
        join(checkedEnv.DATA_DIR, `newsletter-send-${checkedEnv.PORT}.journal`),
    ),
    bounceWebhooks: {
      // Both or (checked above) neither.
      ses:
        checkedEnv.SES_SNS_CERT_DIR && checkedEnv.SES_SNS_TOPIC_ARNS
          ? {
              certDir: resolve(repoRoot, checkedEnv.SES_SNS_CERT_DIR),
              topicArns: checkedEnv.SES_SNS_TOPIC_ARNS.split(","),
            }
          : null,
      postmark: checkedEnv.POSTMARK_WEBHOOK_AUTH
        ? {
            user: checkedEnv.POSTMARK_WEBHOOK_AUTH.slice(0, checkedEnv.POSTMARK_WEBHOOK_AUTH.indexOf(":")),
            password: checkedEnv.POSTMARK_WEBHOOK_AUTH.slice(
              checkedEnv.POSTMARK_WEBHOOK_AUTH.indexOf(":") + 1,
            ),
          }
        : null,
    },
    consoleSignInLimitPerAddress: checkedEnv.CONSOLE_SIGN_IN_LIMIT_PER_ADDRESS,
    smtp: checkedEnv.SMTP_URL
      ? {
          url: checkedEnv.SMTP_URL,
          from: checkedEnv.SMTP_FROM ?? `${site.name} <${site.infoEmail}>`,
          allowPlaintext: checkedEnv.SMTP_ALLOW_PLAINTEXT,
        }
      : null,
    allowPrivateFeeds: checkedEnv.ALLOW_PRIVATE_FEEDS,
    federation: {
      enabled:
        (checkedEnv.FEDERATION ?? (checkedEnv.PUBLIC_URL?.startsWith("https:") ? "on" : "off")) === "on",
      allowPrivateAddresses: checkedEnv.FEDERATION_ALLOW_PRIVATE_ADDRESSES,
      inboxPerMinute: checkedEnv.FEDERATION_INBOX_PER_MINUTE,
    },
    spotify: checkedEnv.SPOTIFY_CLIENT_ID
      ? {
          clientId: checkedEnv.SPOTIFY_CLIENT_ID,
          clientSecret: checkedEnv.SPOTIFY_CLIENT_SECRET ?? null,
          accountsUrl: checkedEnv.SPOTIFY_ACCOUNTS_URL,
          apiUrl: checkedEnv.SPOTIFY_API_URL,
        }
      : null,
    spotifyResolver:
      (checkedEnv.SPOTIFY_RESOLVER ?? (checkedEnv.NODE_ENV === "test" ? "off" : "on")) === "on",
    spotifySearchBudget: checkedEnv.SPOTIFY_SEARCH_BUDGET,
    shutdownDrainMs: checkedEnv.SHUTDOWN_DRAIN_MS,
    insights: {
      enabled: checkedEnv.INSIGHTS,
      flushMs: checkedEnv.INSIGHTS_FLUSH_MS,
      beaconsPerMinute: checkedEnv.INSIGHTS_BEACONS_PER_MINUTE,
    },
    scaleOut: scaleOutConfig(checkedEnv, {
      nodeEnv: checkedEnv.NODE_ENV,
      database: checkedEnv.DATABASE_URL ? "postgres" : "pglite",
      publicUrlSet: checkedEnv.PUBLIC_URL !== undefined,
    }),
  };
}
