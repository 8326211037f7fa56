import { createServer, type RequestListener } from "node:http";
import { createRequire } from "node:module";
import type { KvStore, MessageQueue } from "@fedify/fedify";
import { pageRoutes } from "@waveform/contracts/routes";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppConfig } from "./config";
import type { DatabaseHandle } from "./db/client";
import type { StartedPgliteThread } from "./db/pglite-worker/start-thread";
import { startPreparedDatabase } from "./db/prepare";
import { jobsPlugin } from "./jobs/jobs-plugin";
import { AnswerLane } from "./lib/answer-lane";
import { RequestLogController } from "./lib/request-log";
import { resolveSessionSecret } from "./lib/session-secret";
import { adsConsoleRoutes, adsRoutes } from "./modules/ads/index";
import { artworkRoutes } from "./modules/artwork/index";
import { activityRoutes } from "./modules/audit/index";
import {
  createEpisodePostLookup,
  DbKvStore,
  DbMessageQueue,
  federationConsoleRoutes,
  federationRoutes,
  federationStorePurgePlugin,
  fediversePagesRoutes,
  remoteFollowRoutes,
} from "./modules/federation/index";
import { genresConsoleRoutes, genresRoutes } from "./modules/genres/index";
import { healthRoutes } from "./modules/health/index";
import { imagesRoutes } from "./modules/images/index";
import { insightsConsoleRoutes, insightsPlugin, insightsRoutes } from "./modules/insights/index";
import { issuesRoutes, newsletterRoutes, subscribersConsoleRoutes } from "./modules/newsletter/index";
import { accountRoutes, consoleAuthRoutes, operatorsConsoleRoutes } from "./modules/operators/index";
import { playlistsConsoleRoutes, playlistsRoutes } from "./modules/playlists/index";
import { podcastsConsoleRoutes, podcastsRoutes } from "./modules/podcasts/index";
import { releasesConsoleRoutes, releasesRoutes } from "./modules/releases/index";
import { SEARCH_RATE_LIMIT, SEARCH_RATE_LIMIT_NAME, searchRoutes } from "./modules/search/index";
import { seoRoutes } from "./modules/seo/index";
import { spotifyRoutes } from "./modules/spotify/index";
import { catalogueCachePlugin } from "./plugins/catalogue-cache";
import { clientAppPlugin, loadClientApp } from "./plugins/client-app";
import { consolePagesPlugin } from "./plugins/console-pages";
import { controlCharactersPlugin } from "./plugins/control-characters";
import { dbPlugin } from "./plugins/db";
import { drainPlugin } from "./plugins/drain";
import { errorsPlugin } from "./plugins/errors";
import {
  createHostMatcher,
  fromLoopbackSocket,
  type HostCheckOptions,
  hostCheckPlugin,
} from "./plugins/host-check";
import { noStoreCookiesPlugin } from "./plugins/no-store-cookies";
import { operatorAuthPlugin } from "./plugins/operator-auth";
import { pageReadsPlugin } from "./plugins/page-reads";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { securityPlugin } from "./plugins/security";
import { sessionsPlugin } from "./plugins/sessions";

export interface BuildOptions {
  /** An open, migrated database (tests); without it the configured one is opened and prepared. */
  database?: DatabaseHandle;
  /** The configured PGlite's thread, started already by serve.ts: adopted, then prepared. */
  startedPglite?: StartedPgliteThread;
  /** Where log lines (JSON, one a line) go instead of stdout: tests that read what is logged. */
  logStream?: { write(line: string): void };
  /** Tests: the insights' clock (ms since the epoch), to count on another day. */
  insightsClock?: () => number;
  /** Tests: Fedify's key-value store and queue for the fediverse accounts. */
  federationStore?: { kv: KvStore; queue: MessageQueue };
}

function loggerOptions(
  config: AppConfig,
  stream?: BuildOptions["logStream"],
): FastifyServerOptions["logger"] {
  if (config.logLevel === "silent") return false;
  if (stream) return { level: config.logLevel, stream };
  const pretty =
    process.stdout.isTTY && config.env !== "production" && canResolve("pino-pretty")
      ? {
          transport: {
            target: "pino-pretty",
            options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" },
          },
        }
      : {};
  return { level: config.logLevel, ...pretty };
}

function canResolve(specifier: string): boolean {
  try {
    createRequire(import.meta.url).resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

/**
 * Fastify's own HTTP/1 server, as it would create it, with the answer lane ahead of its handler:
 * a request the lane can replay a cached answer to never reaches Fastify (lib/answer-lane).
 */
function laneServerFactory(lane: AnswerLane) {
  return (handler: RequestListener, options: FastifyServerOptions) => {
    const server = createServer((request, response) => {
      if (!lane.answer(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}

/** The whole service as one Fastify instance; process concerns (listen, signals) live in serve.ts. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}) {
  // Before anything opens: a production server without SESSION_SECRET must not start at all.
  const sessionSecret = resolveSessionSecret(config);
  const hostCheck: HostCheckOptions = {
    publicUrl: config.publicUrl,
    allowedHosts: config.scaleOut.allowedHosts,
    loopbackFromAnywhere: config.scaleOut.loopbackHostsFromAnywhere,
  };
  // Cached catalogue answers replayed ahead of Fastify; with ACCESS_LOG every request is logged there.
  const hostAccepted = createHostMatcher(hostCheck);
  const lane = new AnswerLane({
    accepts: (host, socket) => hostAccepted(host, () => fromLoopbackSocket(socket)),
    enabled: !config.accessLog,
  });
  const app = Fastify({
    serverFactory: laneServerFactory(lane),
    logger: loggerOptions(config, options.logStream),
    // One line per request with ACCESS_LOG, else only errors (not Fastify's two lines per request).
    logController: new RequestLogController({ accessLog: config.accessLog }),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // TRUST_PROXY: off, so request.ip (rate limits) is the connection's address unless set.
    trustProxy: config.scaleOut.trustProxy,
    // The app gets ready once the database is (see below): a first start migrates and seeds, which
    // takes 5-10 s on an idle machine and longer on a busy one, beyond Fastify's 10 s default.
    pluginTimeout: 300_000,
    // Every schema is zod (the compilers set below); without factories Fastify loads Ajv and
    // fast-json-stringify at start (~0.3 s). Its types describe Ajv-like factories only.
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The database opens, migrates and seeds while the plugins register (PGlite takes most of a
  // second to start); the app gets ready, and listens, once it has.
  const { handle, prepared } = options.database
    ? { handle: options.database, prepared: undefined }
    : await startPreparedDatabase(config, app.log, options.startedPglite);
  await app.register(dbPlugin, { handle, closeOnExit: !options.database, prepared });

  const clientApp = config.clientDist
    ? loadClientApp(config.clientDist, {
        ...config.site,
        publicUrl: config.publicUrl,
        spotifyConfigured: config.spotify !== null,
      })
    : null;
  if (!clientApp) app.log.warn("client not built: pages answer 503 until `npm run build`");

  await app.register(errorsPlugin);
  await app.register(hostCheckPlugin, hostCheck);
  await app.register(controlCharactersPlugin);
  await app.register(drainPlugin);
  lane.pauseWhen(() => app.isDraining());
  app.decorate("answerLane", lane);
  await app.register(securityPlugin, {
    publicUrl: config.publicUrl,
    inlineScriptHashes: clientApp?.inlineScriptHashes ?? [],
  });
  await app.register(sessionsPlugin, { secret: sessionSecret, publicUrl: config.publicUrl });
  // Curator console sessions (issue 18): their own cookie, rows in the same sessions table.
  await app.register(operatorAuthPlugin, { publicUrl: config.publicUrl });
  // After the cookie plugin (sessionsPlugin): an answer that sets a cookie is never stored (decision 0026).
  await app.register(noStoreCookiesPlugin);
  await app.register(catalogueCachePlugin);
  await app.register(pageReadsPlugin);
  // Background jobs, one server at a time (decision 0014): purges, feed refresh, the modules' own.
  await app.register(jobsPlugin, {
    feedRefresh: config.scaleOut.feedRefresh,
    allowPrivateFeeds: config.allowPrivateFeeds,
  });
  // The federation store's expired entries and finished messages (decision 0030).
  await app.register(federationStorePurgePlugin);
  // Cookie-less insights (issue 33): registered after the database, so its last flush on close runs first.
  await app.register(insightsPlugin, {
    ...config.insights,
    site: new URL(config.publicUrl).host,
    ...(options.insightsClock && { now: options.insightsClock }),
  });
  await app.register(healthRoutes);
  await app.register(genresRoutes);
  await app.register(playlistsRoutes);
  await app.register(releasesRoutes);
  await app.register(podcastsRoutes, {
    publicUrl: config.publicUrl,
    site: config.site,
    // Episode downloads counted once each media answer is sent: insights depends on podcasts, not back.
    mediaAnswered: (request, reply) => app.insights.mediaAnswered(request, reply),
    // Each episode's fediverse post in its feed item: podcasts is read by federation, not back.
    ...(config.federation.enabled && {
      episodePosts: createEpisodePostLookup(app.db, config.publicUrl),
    }),
  });
  await app.register(adsRoutes);
  await app.register(imagesRoutes);
  await app.register(artworkRoutes);
  await app.register(rateLimitPlugin, { store: config.scaleOut.rateLimitStore });
  await app.register(searchRoutes);
  await app.register(insightsRoutes, { beaconsPerMinute: config.insights.beaconsPerMinute });
  await app.register(newsletterRoutes, {
    publicUrl: config.publicUrl,
    rateLimitPerMinute: config.newsletterRateLimit,
    smtp: config.smtp,
    siteName: config.site.name,
    infoEmail: config.site.infoEmail,
    production: config.env === "production",
  });
  await app.register(issuesRoutes, {
    site: { name: config.site.name, publicUrl: config.publicUrl, mailto: config.site.infoEmail },
    smtp: config.smtp,
    sendRate: config.newsletterSendRate,
    sendJournal: config.newsletterSendJournal,
    bounceWebhooks: config.bounceWebhooks,
  });
  await app.register(spotifyRoutes, {
    spotify: config.spotify,
    publicUrl: config.publicUrl,
    resolver: config.spotifyResolver,
    searchBudget: config.spotifySearchBudget,
  });
  // The curator console's accounts (issue 18): sign-in, sessions, set-password links, TOTP.
  const consoleAccounts = { sessionSecret, siteName: config.site.name };
  await app.register(consoleAuthRoutes, {
    ...consoleAccounts,
    signInLimitPerAddress: config.consoleSignInLimitPerAddress,
    publicUrl: config.publicUrl,
  });
  await app.register(accountRoutes, consoleAccounts);
  await app.register(activityRoutes);
  await app.register(insightsConsoleRoutes);
  await app.register(operatorsConsoleRoutes, { publicUrl: config.publicUrl });
  await app.register(seoRoutes, { publicUrl: config.publicUrl, site: config.site });
  // The club and its shows on the fediverse (FEDERATION): accounts, posts, inboxes, deliveries.
  if (config.federation.enabled) {
    await app.register(federationRoutes, {
      publicUrl: config.publicUrl,
      site: { name: config.site.name, tagline: config.site.tagline },
      allowPrivateAddresses: config.federation.allowPrivateAddresses,
      inboxPerMinute: config.federation.inboxPerMinute,
      // Fedify's store and queue in our database, shared by every server on it (decision 0030).
      kv: options.federationStore?.kv ?? new DbKvStore(app.db),
      queue:
        options.federationStore?.queue ??
        new DbMessageQueue(app.db, {
          // Deliveries wait on remote servers, not on this one: several at a time per server.
          concurrency: 16,
          ...(config.database.kind === "postgres" && { listenUrl: config.database.url }),
          log: app.log,
        }),
    });
  } else {
    app.decorate("federation", null);
  }
  // What the pages show of it (a follow box, replies under posts), empty when FEDERATION is off.
  const fediversePages = { publicUrl: config.publicUrl, enabled: config.federation.enabled };
  await app.register(fediversePagesRoutes, fediversePages);
  await app.register(remoteFollowRoutes, fediversePages);
  // Curator console content (issue 18): podcast feeds (editors), advertisements and subscribers (admins).
  await app.register(podcastsConsoleRoutes, { allowPrivateFeeds: config.allowPrivateFeeds });
  await app.register(adsConsoleRoutes);
  await app.register(subscribersConsoleRoutes);
  await app.register(playlistsConsoleRoutes, { spotify: config.spotify });
  await app.register(releasesConsoleRoutes);
  await app.register(genresConsoleRoutes);
  // The fediverse section (admins): answers "off" when FEDERATION is off (app.federation null).
  await app.register(federationConsoleRoutes, { publicUrl: config.publicUrl });
  // Console pages (issue 18): rendered per operator, never cached or indexed, signed-out ones redirected.
  await app.register(consolePagesPlugin, { clientApp });
  await app.register(clientAppPlugin, {
    clientApp,
    // The results page runs the search it shows: it counts against the API's limit, one counter.
    limits: { [pageRoutes.search]: app.sharedRateLimit(SEARCH_RATE_LIMIT_NAME, SEARCH_RATE_LIMIT) },
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
