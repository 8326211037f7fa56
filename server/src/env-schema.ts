import { INSIGHT_BEACONS_PER_MINUTE } from "@waveform/contracts/insights";
import * as z from "zod";
import { envDoc } from "./lib/env-doc";
import { scaleOutEnvShape } from "./lib/scale-out-config";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * Every environment variable the server reads, how it is checked, and what it means: the meta of
 * each field is the configuration reference (`npm run docs:config` renders docs/configuration.md
 * from it, and a test keeps that file equal to the rendering). The SITE_* variables are read by
 * `siteConfigFromEnv` (contracts/src/site.ts), which describes them beside its own map.
 */
export const EnvSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"])
    .default("development")
    .meta(
      envDoc(
        "The server and its addresses",
        "`development`, `production` or `test`. `production` makes `SESSION_SECRET` required; `test` turns the background Spotify id resolver and the feed refresh off unless they are set.",
      ),
    ),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .meta(envDoc("The server and its addresses", "The port to listen on.")),
  HOST: z
    .string()
    .min(1)
    .default("127.0.0.1")
    .meta(envDoc("The server and its addresses", "The address to listen on.")),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional()
    .meta(
      envDoc(
        "The server and its addresses",
        "The address visitors use (scheme, host and port, if any): absolute links, the feeds, the Spotify redirect address and the host the server answers. An `https:` address turns on HSTS.",
        "`http://127.0.0.1:<PORT>`.",
      ),
    ),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(0)
    .meta(
      envDoc(
        "The server and its addresses",
        'On SIGTERM, how long `/api/health` answers 503 `"draining"` (requests still served, each with `Connection: close`) before the server stops listening. Behind a load balancer, make it longer than its health checks take to mark a server down (`deploy/waveform@.service` sets 3000; `deploy/haproxy.cfg` checks every second and takes a server out after two failures).',
      ),
    ),
  CLIENT_DIST: z
    .string()
    .min(1)
    .optional()
    .meta(
      envDoc(
        "The server and its addresses",
        "The folder of the built client, when it is not `client/dist` (rarely needed).",
        "`client/dist`.",
      ),
    ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional()
    .meta(
      envDoc(
        "Database",
        "A `postgres://` (or `postgresql://`) address: the server runs on that PostgreSQL. A bad value is reported with its password (and any `password=`) shown as `***`.",
        "the embedded PGlite database in `DATA_DIR`.",
      ),
    ),
  DATA_DIR: z
    .string()
    .min(1)
    .default("./data")
    .meta(
      envDoc(
        "Database",
        "The PGlite folder (relative to the repository root), created if missing and locked while a server uses it. It also holds the generated session secret and the newsletter send journal.",
      ),
    ),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d{0,5}(kB|MB|GB)$/, "must be a size such as 32MB or 1GB")
    .optional()
    .meta(
      envDoc(
        "Database",
        "PostgreSQL's `shared_buffers` in PGlite: the catalogue pages kept in the database's own memory, which PGlite writes in full at start and never gives back (PostgreSQL's default of 128 MB cost about 130 MB of resident memory; the seeded catalogue is 11 MB). Give a catalogue much larger than that more, e.g. `128MB`; pages that do not fit are read from `DATA_DIR`'s files through the system's page cache.",
        "`32MB`.",
      ),
    ),
  LOG_LEVEL: z
    .enum(LOG_LEVELS)
    .default("info")
    .meta(envDoc("Logs", "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.")),
  ACCESS_LOG: z
    .stringbool()
    .default(false)
    .meta(
      envDoc(
        "Logs",
        "`1`/`true`/`on`/`yes` (or `0`/`false`/`off`/`no`): one `info` line per request (method, URL, status, time in ms; never the visitor's address, which no log line carries). Off, only answers with status 500 or more are logged per request (at `error`; a thrown error with its stack). Per-request lines cost throughput (compare `ACCESS_LOG=1 npm run bench`): with it on, kept answers are not replayed ahead of Fastify, so that every request is logged. Logged URLs never carry secrets: on the newsletter pages and endpoints and the Spotify callback every query value is written `[redacted]`, elsewhere `token`, `code` and `state` are.",
      ),
    ),
  SESSION_SECRET: z
    .string()
    .min(32, "must be at least 32 characters")
    .optional()
    .meta(
      envDoc(
        "Sessions and the curator console",
        "At least 32 characters (`openssl rand -base64 48`); signs the session cookies and encrypts Spotify tokens and the console's two-step sign-in keys at rest (AES-256-GCM). **Required in production.** Every server of a cluster needs the same one. Changing it disconnects every visitor from Spotify (their stored tokens can no longer be decrypted).",
        "outside production, one is generated on first start into `DATA_DIR/session-secret` (mode 0600).",
      ),
    ),
  CONSOLE_SIGN_IN_LIMIT_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(20)
    .meta(
      envDoc(
        "Sessions and the curator console",
        "Curator console sign-in attempts per client address per 15 minutes (per account: always 5); more answer 429 with `Retry-After`. Both count browsers that have not signed in to the account before: one that has (its signed device cookie) has its own 5 and still signs in while the account is locked for others (decision 0017). The browser tests, which sign in often from one address, raise it.",
      ),
    ),
  SPOTIFY_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, "must be the Client ID from the Spotify developer dashboard")
    .optional()
    .meta(
      envDoc(
        "Spotify",
        "The Client ID of your Spotify app ([how to make one](operations.md#the-spotify-app)).",
        'the Spotify features answer "Spotify is not configured on this server".',
      ),
    ),
  SPOTIFY_CLIENT_SECRET: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .meta(
      envDoc(
        "Spotify",
        "The app's Client Secret: the token requests then also authenticate the app (HTTP Basic), and the background id resolver can run (Client Credentials).",
        "the site is a public PKCE client; no id resolver.",
      ),
    ),
  SPOTIFY_ACCOUNTS_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ""))
    .default("https://accounts.spotify.com")
    .meta(envDoc("Spotify", "Spotify's accounts service. Only the tests change it (to the fake Spotify).")),
  SPOTIFY_API_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ""))
    .default("https://api.spotify.com/v1")
    .meta(envDoc("Spotify", "Spotify's Web API. Only the tests change it (to the fake Spotify).")),
  SPOTIFY_RESOLVER: z
    .enum(["on", "off"])
    .optional()
    .meta(
      envDoc(
        "Spotify",
        "`on`/`off`: with the client id and secret, a background job looks up the Spotify ids of playlist tracks and releases that have none (Client Credentials, up to 50 a minute, kept in the database), so their links and 'Save to Spotify' use exact ids.",
        "`on`, except `off` under `NODE_ENV=test`.",
      ),
    ),
  SPOTIFY_SEARCH_BUDGET: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(300)
    .meta(
      envDoc(
        "Spotify",
        "The Spotify searches one visitor (client address, IPv6 by /64) may cause per 10 minutes by saving playlists, counted in the database for every server together. Tracks left unsearched when it runs out are left out of the saved playlist and counted in the answer.",
      ),
    ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, "must look like smtp://user:password@host:port or smtps://…")
    .optional()
    .meta(
      envDoc(
        "Newsletter mail",
        "`smtp://` or `smtps://user:password@host:port`: where confirmation mails and newsletter issues are sent. `smtp://` must upgrade with STARTTLS (nodemailer's `requireTLS`: a server that does not offer it gets no mail and no password); `smtps://` is TLS from the start. A bad value is reported with its password shown as `***`.",
        "no mail is sent: the confirmation link is logged (in production without its token) and every message waits in the outbox until it is set.",
      ),
    ),
  SMTP_FROM: z
    .string()
    .min(3)
    .optional()
    .meta(envDoc("Newsletter mail", "The sender of newsletter mail.", "`<SITE_NAME> <SITE_INFO_EMAIL>`.")),
  SMTP_ALLOW_PLAINTEXT: z
    .stringbool()
    .default(false)
    .meta(
      envDoc(
        "Newsletter mail",
        "`true`: `smtp://` may go without TLS (a relay on the same machine or network only).",
      ),
    ),
  NEWSLETTER_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(5)
    .meta(
      envDoc(
        "Newsletter mail",
        "Newsletter subscriptions per client address per minute; more answer 429 with `Retry-After`.",
      ),
    ),
  NEWSLETTER_SEND_RATE: z.coerce
    .number()
    .positive()
    .max(1000)
    .default(10)
    .meta(
      envDoc(
        "Newsletter mail",
        "Mails per second while a newsletter issue is sending (more than 0, at most 1000). One server sends at a time, so it is the whole site's rate; mail services start new accounts low (Amazon SES at 14 a second).",
      ),
    ),
  NEWSLETTER_SEND_JOURNAL: z
    .string()
    .min(1)
    .optional()
    .meta(
      envDoc(
        "Newsletter mail",
        "This server's journal of the newsletter mails whose final dot it wrote (decision 0024): read when the server starts, so a server killed mid-send and started again mails nobody twice. Each server of a cluster needs its own file. It is kept owner-only (0600); a symbolic link, another user's file or one with other names in its place stops the server with an error saying so.",
        "`<DATA_DIR>/newsletter-send-<PORT>.journal`.",
      ),
    ),
  SES_SNS_CERT_DIR: z
    .string()
    .min(1)
    .optional()
    .meta(
      envDoc(
        "Newsletter mail",
        "Turns on the Amazon SES bounce and complaint webhook, `POST /api/newsletter/webhooks/ses`, together with `SES_SNS_TOPIC_ARNS` (the server refuses to start with one and not the other): a folder of trusted SNS signing certificates (PEM), each named as the last segment of its `SigningCertURL` (`https://sns.<region>.amazonaws.com/…` only). Certificates are never fetched.",
        "the SES webhook answers 404.",
      ),
    ),
  SES_SNS_TOPIC_ARNS: z
    .string()
    .regex(/^arn:aws:sns:[^,\s]+(,arn:aws:sns:[^,\s]+)*$/, "must be comma-separated SNS topic ARNs")
    .optional()
    .meta(
      envDoc(
        "Newsletter mail",
        "Comma-separated SNS topic ARNs whose messages the SES webhook accepts: SNS signs every AWS account's topics with the same certificate, so any other topic is refused. A message is taken within an hour of its `Timestamp` and once: its `MessageId` is remembered in the database for two hours, so a replay, on any server, does nothing.",
        "required with `SES_SNS_CERT_DIR`.",
      ),
    ),
  POSTMARK_WEBHOOK_AUTH: z
    .string()
    .regex(/^[^:]+:.{16,}$/, "must be user:password (16+ characters of password)")
    .optional()
    .meta(
      envDoc(
        "Newsletter mail",
        "`user:password` (a password of 16 characters or more) set as the basic auth of Postmark's bounce webhook; turns on `POST /api/newsletter/webhooks/postmark`.",
        "the Postmark webhook answers 404.",
      ),
    ),
  ALLOW_PRIVATE_FEEDS: z
    .stringbool()
    .default(false)
    .meta(
      envDoc(
        "Podcast feeds",
        "`true`: podcast feeds may be fetched from loopback, private and link-local addresses (local testing). Off, every fetch and every redirect hop is resolved once, refused when the address is not public, and connected to at that address.",
      ),
    ),
  FEDERATION: z
    .enum(["on", "off"])
    .optional()
    .meta(
      envDoc(
        "The fediverse",
        "`on`: the club and its shows are fediverse accounts (`@club@<host>`, `@<show>@<host>`) that people on Mastodon and other ActivityPub servers can follow; `off`: no account, no WebFinger, nothing sent or received. Only turn it on for a site reachable at its `PUBLIC_URL` (the accounts' addresses are built from it).",
        "on when `PUBLIC_URL` is an `https:` address, off otherwise.",
      ),
    ),
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: z
    .stringbool()
    .default(false)
    .meta(
      envDoc(
        "The fediverse",
        "`true`: remote actors, keys and inboxes may be on loopback and private addresses (tests, a fan server on this machine). Off, every remote document is fetched from public addresses only, each hop resolved once and connected to at that address.",
      ),
    ),
  FEDERATION_INBOX_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(300)
    .meta(
      envDoc(
        "The fediverse",
        "Deliveries one instance may make to the club's inboxes in a minute, counted by the host its signature names and the address it comes from (shared by every server with `RATE_LIMIT_STORE=database`). Over it a delivery is answered 429 with `Retry-After`, and its server sends it again later.",
      ),
    ),
  INSIGHTS: z
    .stringbool()
    .default(true)
    .meta(
      envDoc(
        "Insights",
        "`off` counts nothing (visits, downloads, plays…); the console's insights, trending and most played still answer from what was counted, and the daily rollup still turns ended days into totals and deletes their visitor hashes and salts.",
      ),
    ),
  INSIGHTS_FLUSH_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(5_000)
    .meta(
      envDoc(
        "Insights",
        "How often each server writes what it counted (one statement). A server killed with `kill -9` loses at most this much counting.",
      ),
    ),
  INSIGHTS_BEACONS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(INSIGHT_BEACONS_PER_MINUTE)
    .meta(
      envDoc(
        "Insights",
        "Beacons and ad pings one address may send a minute (429 beyond; shared through the database on PostgreSQL). A page sends one per idle moment, so a household or office stays far below it; raise it for many visitors behind one address (a carrier's NAT). The browser tests, all from 127.0.0.1, raise it.",
      ),
    ),
  ...scaleOutEnvShape,
});

/**
 * Variables the server's code reads that nobody sets for it: npm sets `INIT_CWD` for a script.
 * The configuration reference lists them too, so every variable read has its line.
 */
export const variablesSetByNpm = {
  INIT_CWD:
    "The folder `npm run` was started in: `npm run podcasts -- add <file>` reads a relative feed file from there, not from the server's folder.",
} as const;
