import type { Endpoint } from "@waveform/contracts/endpoint";
import { type ApiRead, NOT_READ_ON_SERVER } from "@waveform/contracts/page-render";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import type * as z from "zod/mini";
import { fromEndpoint } from "../lib/endpoint-schema";
import { HttpError } from "./errors";

/**
 * What a catalogue GET answers: `load` gives the answer checked against its contract (null: 204 No
 * Content). With a `cacheKey` the answer is kept in the catalogue cache and sent with an ETag.
 */
export interface CatalogueRead {
  cacheKey?: string;
  load: () => Promise<unknown>;
}

type Input<S> = S extends z.ZodMiniType ? z.output<S> : undefined;
export interface ReadInput<E extends Endpoint> {
  params: Input<E["params"]>;
  query: Input<E["querystring"]>;
}
type Resolve<E extends Endpoint> = (input: ReadInput<E>) => Promise<CatalogueRead>;

export interface PageReads {
  /**
   * Registers a catalogue GET in `app` (the module's own instance) as an HTTP route, and as a read
   * the page renderer makes in-process: one handler for both, so a page shows what the API answers.
   */
  route<E extends Endpoint>(app: FastifyInstance, endpoint: E, resolve: Resolve<E>): void;
  /** Answers a read made while rendering a page, as the HTTP route would (status and JSON body). */
  read(read: ApiRead): Promise<Response>;
}

declare module "fastify" {
  interface FastifyInstance {
    pageReads: PageReads;
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function parsed(schema: z.ZodMiniType | undefined, value: Record<string, string>, part: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, `Invalid ${part}`);
  return result.data;
}

/** Catalogue reads shared by the API routes and the page renderer; needs the catalogue cache. */
export const pageReadsPlugin = fp(
  async (app: FastifyInstance) => {
    const cache = app.catalogueCache;
    const reads = new Map<string, { endpoint: Endpoint; resolve: Resolve<Endpoint> }>();

    const answer = async (request: FastifyRequest, reply: FastifyReply, read: CatalogueRead) => {
      // A cache hit has already called reply.send(): answer with the reply itself, or Fastify,
      // seeing the handler end while compression is still writing, sends a second, empty answer.
      if (read.cacheKey) return (await cache.send(request, reply, read.cacheKey, read.load)) ?? reply;
      const body = await read.load();
      reply.header("cache-control", "no-cache");
      return body === null ? reply.status(204).send(null) : reply.send(body);
    };

    const pageReads: PageReads = {
      route<E extends Endpoint>(moduleApp: FastifyInstance, endpoint: E, resolve: Resolve<E>) {
        reads.set(`${endpoint.method} ${endpoint.path}`, { endpoint, resolve: resolve as Resolve<Endpoint> });
        const handler = async (request: FastifyRequest, reply: FastifyReply) => {
          const input = { params: request.params, query: request.query } as ReadInput<E>;
          return answer(request, reply, await resolve(input));
        };
        moduleApp.route({ ...fromEndpoint(endpoint), handler } as RouteOptions);
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
          if (error instanceof HttpError && error.statusCode < 500)
            return json(error.statusCode, { error: error.message });
          app.log.error({ err: error, read: `${method} ${path}` }, "a page's read failed");
          return json(500, { error: "Internal server error" });
        }
      },
    };
    app.decorate("pageReads", pageReads);
  },
  { name: "page-reads", dependencies: ["catalogue-cache"] },
);
