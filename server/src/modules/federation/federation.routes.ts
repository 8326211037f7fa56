import type { Context, Federation, KvStore, MessageQueue, MessageQueueDepth } from "@fedify/fedify";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { xmlText as escapeXml } from "../../lib/markup-text";
import { sendProfileUpdate } from "./actor-document";
import { createDeliveryLog, type DeliveryLog } from "./delivery-log";
import {
  buildFederation,
  createRepositories,
  DELIVERY_RETRY,
  type FederationRepositories,
} from "./federation";
import { instanceOf } from "./followers.repository";
import { INBOX_DELIVERIES_PER_MINUTE, inboxRateLimit, signerKey } from "./inbox-rate-limit";
import { activityPubAddressOf, wantsActivityJson } from "./negotiation";
import { type PublishSummary, publishChanges } from "./publisher";

/** A queue that can tell the deliveries it holds per inbox (ours: store/db-message-queue.ts). */
interface CountsDeliveries {
  deliveriesWaiting(): Promise<{ inbox: string; waiting: number }[]>;
}

interface FederationRoutesOptions {
  publicUrl: string;
  site: { name: string; tagline: string };
  allowPrivateAddresses: boolean;
  /** Where Fedify keeps its caches and idempotency records, and its queue of deliveries. */
  kv: KvStore;
  queue: MessageQueue & Partial<CountsDeliveries>;
  /** Deliveries one instance may make to the inboxes in a minute (FEDERATION_INBOX_PER_MINUTE). */
  inboxPerMinute?: number;
  /** How often the publication job looks for new episodes, issues and playlists (default 15 s). */
  publishEveryMs?: number;
}

/** What the console routes and the tests use of the running federation. */
export interface FederationHandle {
  federation: Federation<unknown>;
  repos: FederationRepositories;
  deliveries: DeliveryLog;
  /** A context for sending outside a request (jobs, console actions). */
  context(): Context<unknown>;
  /** Runs the publication job now (tests; the job runs it on its own). */
  publishNow(): Promise<PublishSummary>;
  /** Messages waiting in the queue (every instance), or null when the queue cannot tell. */
  queueDepth(): Promise<MessageQueueDepth | null>;
  /** Deliveries not yet made, per instance, or null when the queue cannot tell. */
  deliveriesWaiting(): Promise<Map<string, number> | null>;
  /** Sends an account's followers its profile anew (an `Update`): false when there is no such account. */
  sendProfileUpdate(identifier: string): Promise<boolean>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The club on the fediverse; null when FEDERATION is off. */
    federation: FederationHandle | null;
  }
}

const SOFTWARE = { name: "WaveformMusicClub", version: "1.0.0" };
/** An inbox delivery may be larger than the API's 64 KB bodies (a long post with its proofs). */
const INBOX_BODY_LIMIT = 512 * 1024;

/** The delivery log sees every queue message handled, to tell a delivered message from a failed one. */
function trackedQueue(queue: MessageQueue, deliveries: DeliveryLog): MessageQueue {
  return {
    ...(queue.nativeRetrial !== undefined && { nativeRetrial: queue.nativeRetrial }),
    enqueue: (message, options) => queue.enqueue(message, options),
    ...(queue.enqueueMany && {
      enqueueMany: (messages, options) => queue.enqueueMany?.(messages, options) ?? Promise.resolve(),
    }),
    listen: (handler, options) =>
      queue.listen(
        (message) => deliveries.around(message, async () => void (await handler(message))),
        options,
      ),
    ...(queue.getDepth && {
      getDepth: () => queue.getDepth?.() ?? Promise.resolve({ queued: 0, ready: 0, delayed: 0 }),
    }),
  } as MessageQueue;
}

/** The request as Fetch API sees it, at the site's public address (never the Host header's). */
function webRequest(request: FastifyRequest, publicUrl: string, url = request.url): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(new URL(url, `${publicUrl}/`), {
    method: request.method,
    headers,
    ...(body && request.method === "POST" && { body }),
  });
}

async function sendWeb(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "content-length") reply.header(name, value);
  });
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * The club on the fediverse, when FEDERATION is on: Fedify answers WebFinger, NodeInfo, host-meta
 * and everything under /ap/ (actors, collections, posts, inboxes); a show's, an episode's, an
 * issue's or a playlist's page asked for ActivityPub JSON answers with its account or post; one
 * server at a time runs the publication job, and every server delivers from the shared queue.
 */
const federationRoutesPlugin: FastifyPluginAsyncZod<FederationRoutesOptions> = async (app, options) => {
  const { publicUrl } = options;
  const deliveries = createDeliveryLog(app.db, {
    maxAttempts: DELIVERY_RETRY.maxAttempts,
    kv: options.kv,
    queue: options.queue,
  });
  const repos = createRepositories(app.db);
  const federation = buildFederation(
    {
      db: app.db,
      site: { publicUrl, ...options.site },
      kv: options.kv,
      queue: trackedQueue(options.queue, deliveries),
      allowPrivateAddresses: options.allowPrivateAddresses,
      log: app.log,
      deliveries,
      software: SOFTWARE,
    },
    repos,
  );
  const context = () => federation.createContext(new URL(`${publicUrl}/`), undefined);
  const handle: FederationHandle = {
    federation,
    repos,
    deliveries,
    context,
    publishNow: () => publishChanges(app.db, context(), repos.posts, publicUrl),
    queueDepth: async () => (options.queue.getDepth ? options.queue.getDepth() : null),
    sendProfileUpdate: (identifier) =>
      sendProfileUpdate(context(), app.db, { publicUrl, ...options.site }, repos.accounts, identifier),
    deliveriesWaiting: async () => {
      if (!options.queue.deliveriesWaiting) return null;
      const perInstance = new Map<string, number>();
      for (const { inbox, waiting } of await options.queue.deliveriesWaiting()) {
        if (!URL.canParse(inbox)) continue;
        const instance = instanceOf(inbox);
        perInstance.set(instance, (perInstance.get(instance) ?? 0) + waiting);
      }
      return perInstance;
    },
  };
  app.decorate("federation", handle);

  const answer = async (request: FastifyRequest, reply: FastifyReply, address?: string) => {
    const response = await federation.fetch(webRequest(request, publicUrl, address), {
      contextData: undefined,
      onNotFound: () => new Response("Not Found", { status: 404, headers: { "content-type": "text/plain" } }),
      onNotAcceptable: () =>
        new Response("Not Acceptable: ask for application/activity+json", {
          status: 406,
          headers: { "content-type": "text/plain", vary: "Accept" },
        }),
    });
    return sendWeb(reply, response);
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: INBOX_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: ["GET", "HEAD", "POST"],
      url: "/ap/*",
      // Inbox deliveries (the POSTs) are counted per instance; reads are not.
      onRequest: inboxRateLimit(app, options.inboxPerMinute ?? INBOX_DELIVERIES_PER_MINUTE),
      handler: async (request, reply) => {
        // A blocked instance, or a blocked account signing with its own key (`…/users/name#main-key`),
        // is dropped before Fedify verifies anything: not even its key is fetched. Answered 202,
        // as a delivery taken, so its server does not try again.
        const key = request.method === "POST" ? signerKey(request.headers) : null;
        if (key && (await repos.blocks.isBlocked(new URL(key.origin + key.pathname)))) {
          return reply.code(202).send();
        }
        return answer(request, reply);
      },
    });
    for (const path of ["/.well-known/webfinger", "/.well-known/nodeinfo", "/nodeinfo/2.1"]) {
      scope.get(path, (request, reply) => answer(request, reply));
    }
  });

  // host-meta: where older clients find WebFinger.
  app.get("/.well-known/host-meta", async (_request, reply) => {
    const template = `${publicUrl}/.well-known/webfinger?resource={uri}`;
    return reply
      .type("application/xrd+xml; charset=utf-8")
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0"><Link rel="lrdd" template="${escapeXml(template)}"/></XRD>\n`,
      );
  });

  // A page asked for as ActivityPub JSON: its account or post (a browser still gets the page).
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" || !wantsActivityJson(request.headers.accept)) return;
    const address = await activityPubAddressOf(request.url.split("?", 1)[0] ?? "", repos);
    if (!address) return;
    return answer(request, reply, address);
  });

  // The publication job (one server at a time) and the delivery queue (every server).
  app.addBackgroundJob({
    name: "federation-publish",
    everyMs: options.publishEveryMs ?? 15_000,
    // Asked every 2 s whether the 15 s pause is over (one upsert per server): with the runner's
    // usual 15 s check the pause and the check add up, and a new episode waited up to 30 s.
    checkMs: 2_000,
    leaseMs: 5 * 60_000,
    run: async () => {
      const summary = await handle.publishNow();
      if (summary.created + summary.updated + summary.deleted > 0 || summary.baseline) {
        app.log.info(summary, "fediverse posts published");
      }
    },
  });
  const stopQueue = new AbortController();
  let queueRun: Promise<void> | undefined;
  app.addHook("onReady", async () => {
    queueRun = federation.startQueue(undefined, { signal: stopQueue.signal }).catch((error: unknown) => {
      app.log.error({ err: error }, "fediverse delivery queue stopped");
    });
  });
  app.addHook("onClose", async () => {
    stopQueue.abort();
    await queueRun;
  });
};

/** Not encapsulated: the page hook sees every page, and the console's routes see `app.federation`. */
export const federationRoutes = fp(federationRoutesPlugin, { name: "federation" });
