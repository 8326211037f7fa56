import type { Endpoint } from "@waveform/contracts/endpoint";
import { type ApiRead, NOT_READ_ON_SERVER } from "@waveform/contracts/page-render";
import { outOfRangeIdMessage } from "@waveform/contracts/row-id";
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import type * as z from "zod/mini";
import { isDatabaseUnavailable } from "../db/unavailable";
import { fromEndpoint } from "../lib/endpoint-schema";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, HttpError } from "./errors";

/**
 * What a catalogue GET answers: `load` gives the answer checked against its contract (null: 204 No
 * Content). With a `cacheKey` the answer is kept in the catalogue cache and sent with an ETag.
 */
interface CatalogueRead {
  cacheKey?: string;
  load: () => Promise<unknown>;
}

type Input<S> = S extends z.ZodMiniType ? z.output<S> : undefined;
interface ReadInput<E extends Endpoint> {
  params: Input<E["params"]>;
  query: Input<E["querystring"]>;
}
/**
 * Which read a request asks for. Return the CatalogueRead itself when that needs no I/O (no `async`):
 * a cache hit is then answered synchronously, without a promise per request.
 */
type Resolve<E extends Endpoint> = (input: ReadInput<E>) => CatalogueRead | Promise<CatalogueRead>;

export interface PageReads {
  /**
   * Registers a catalogue GET in `app` (the module's own instance) as an HTTP route, and as a read
   * the page renderer makes in-process: one handler for both, so a page shows what the API answers.
   */
  route<E extends Endpoint>(
    app: FastifyInstance,
    endpoint: E,
    resolve: Resolve<E>,
    /**
     * Route options for the HTTP route only (a rate limit, in `config` or as an onRequest hook);
     * reads made while rendering skip them.
     */
    options?: Pick<RouteOptions, "config" | "onRequest">,
  ): void;
  /** Answers a read made while rendering a page, as the HTTP route would (status and JSON body). */
  read(read: ApiRead): Promise<Response>;
}

declare module "fastify" {
  interface FastifyInstance {
    pageReads: PageReads;
  }
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

function parsed(schema: z.ZodMiniType | undefined, value: Record<string, string>, part: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // An id no row can have is a 404, as the HTTP route answers it (errors.ts).
  const notFound = outOfRangeIdMessage(result.error.issues);
  throw notFound === null ? new HttpError(400, `Invalid ${part}`) : new HttpError(404, notFound);
}

/** Catalogue reads shared by the API routes and the page renderer; needs the catalogue cache. */
export const pageReadsPlugin = fp(
  async (app: FastifyInstance) => {
    const cache = app.catalogueCache;
    const lane = app.hasDecorator("answerLane") ? app.answerLane : undefined;
    // The handlers of routes whose answers the lane may keep: those without a rate limit or other
    // onRequest hook (the lane cannot count requests).
    const replayable = new WeakSet<object>();
    if (lane) {
      const keepForLane: onSendHookHandler = (request, reply, payload, done) => {
        lane.keep(request.raw, reply.statusCode, reply.getHeaders(), payload);
        done(null, payload);
      };
      // Added as the route is: after the hooks other plugins add to it then (compression adds its
      // own per route), so the lane keeps the answer exactly as it leaves.
      app.addHook("onRoute", (route) => {
        if (replayable.has(route.handler)) route.onSend = [[route.onSend ?? []].flat(), keepForLane].flat();
      });
    }
    const reads = new Map<string, { endpoint: Endpoint; resolve: Resolve<Endpoint> }>();

    // Undefined: answered already (a cache hit). Otherwise a promise that resolves with the reply,
    // so it settles once the answer is written: resolving with undefined while compression is
    // still writing makes Fastify send a second, empty answer.
    const answer = (
      request: FastifyRequest,
      reply: FastifyReply,
      read: CatalogueRead,
    ): Promise<unknown> | undefined => {
      if (read.cacheKey) return cache.send(request, reply, read.cacheKey, read.load);
      return read.load().then((body) => {
        reply.header("cache-control", "no-cache");
        return body === null ? reply.status(204).send(null) : reply.send(body);
      });
    };

    const pageReads: PageReads = {
      route<E extends Endpoint>(
        moduleApp: FastifyInstance,
        endpoint: E,
        resolve: Resolve<E>,
        options?: Pick<RouteOptions, "config" | "onRequest">,
      ) {
        reads.set(`${endpoint.method} ${endpoint.path}`, { endpoint, resolve: resolve as Resolve<Endpoint> });
        // Not async: a read resolved synchronously and found in the cache is answered before the
        // handler returns (Fastify then does nothing more); anything else returns a promise.
        const handler = (request: FastifyRequest, reply: FastifyReply) => {
          const read = resolve({ params: request.params, query: request.query } as ReadInput<E>);
          if (!(read instanceof Promise)) return answer(request, reply, read);
          return read.then((resolved) => answer(request, reply, resolved) ?? reply);
        };
        // The lane answers ahead of every hook, so a route that counts its requests is never replayed.
        if (options?.config?.rateLimit === undefined && options?.onRequest === undefined)
          replayable.add(handler);
        moduleApp.route({ ...fromEndpoint(endpoint), ...options, handler } as RouteOptions);
      },
      async read({ method, path, params, query }) {
        const entry = reads.get(`${method} ${path}`);
        if (!entry) return json(NOT_READ_ON_SERVER, { error: `${method} ${path} is not read on the server` });
        try {
          const input = {
            params: parsed(entry.endpoint.params, params, "path parameters"),
            query: parsed(entry.endpoint.querystring, query, "query"),
          } as ReadInput<Endpoint>;
          const read = await entry.resolve(input);
          if (read.cacheKey) {
            const body = await cache.read(read.cacheKey, read.load);
            return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
          }
          const body = await read.load();
          return body === null ? new Response(null, { status: 204 }) : json(200, body);
        } catch (error) {
          if (isDatabaseUnavailable(error)) {
            app.noteDatabaseUnavailable(error as Error);
            return json(
              503,
              { error: DATABASE_UNAVAILABLE_MESSAGE },
              { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
            );
          }
          // A 4xx, or a 503 turned away on purpose (a busy server), as the HTTP route answers it.
          if (error instanceof HttpError && (error.statusCode < 500 || error.statusCode === 503)) {
            const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
            return json(
              error.statusCode,
              { error: error.message },
              typeof retryAfter === "number" ? { "retry-after": String(retryAfter) } : {},
            );
          }
          app.log.error({ err: error, read: `${method} ${path}` }, "a page's read failed");
          return json(500, { error: "Internal server error" });
        }
      },
    };
    app.decorate("pageReads", pageReads);
  },
  { name: "page-reads", dependencies: ["catalogue-cache"] },
);
