import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isSameOriginWrite } from "../lib/same-origin-write";
import {
  CONSOLE_SESSION_MS,
  createOperatorSessionStore,
  type OperatorRole,
  type SignedInOperator,
} from "../stores/operator-session-store";

export type { SignedInOperator } from "../stores/operator-session-store";

interface OperatorAuthOptions {
  publicUrl: string;
}

interface OperatorSessions {
  /** The console cookie's name (never the visitors' one). */
  cookieName: string;
  /** Starts a new session for the operator (a new id) and sets the cookie; ends the old one, if any. */
  signIn(request: FastifyRequest, reply: FastifyReply, operator: SignedInOperator): Promise<void>;
  /** Ends this request's session and clears the cookie. */
  signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of the operator, on every server (they are rows); returns how many. */
  signOutEverywhere(operatorId: number): Promise<number>;
  /** Reads the session (once per request) and sets `request.operator`. */
  load(request: FastifyRequest): Promise<SignedInOperator | null>;
  /** False for a write that does not come from the site's own pages (see lib/same-origin-write.ts). */
  isSameOriginWrite(request: FastifyRequest): boolean;
  /** Every `/api/admin/…` route registered after this plugin (the guard test walks them all). */
  apiRoutes: ReadonlyArray<{ method: string; url: string }>;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in curator, on console pages and `/api/admin/*`; null elsewhere or signed out. */
    operator: SignedInOperator | null;
  }
  interface FastifyInstance {
    operatorSessions: OperatorSessions;
    /**
     * A hook for console endpoints: 403 cross-site write, 401 signed out, 403 role too low. Give it
     * as the route's `onRequest` (auth is decided before the body is read or validated, so a
     * stranger gets 401, never a 400 that describes the endpoint); any other hook is refused when
     * the route is registered.
     */
    requireOperator(role: OperatorRole): OperatorGuard;
    /** Only the same-origin check, for the console endpoints a stranger may call (sign-in, set-password). */
    requireSameOrigin(): OperatorGuard;
  }
}

/** An onRequest route hook that answers the request itself when it is refused. */
type OperatorGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Marks the hooks made by requireOperator/requireSameOrigin (see the onRoute hook). */
const GUARD = Symbol("console guard");
/** Every route hook but onRequest: a guard found in one of them is refused at registration. */
const LATE_HOOKS = [
  "preParsing",
  "preValidation",
  "preHandler",
  "preSerialization",
  "onSend",
  "onResponse",
  "onTimeout",
  "onError",
  "onRequestAbort",
] as const;

const RANK: Record<OperatorRole, number> = { editor: 1, admin: 2 };
const isConsolePath = (url: string) => /^\/(api\/)?admin(\/|\?|$)/.test(url);

/**
 * Curator console sessions (issue 18, decision 0017): their own cookie (HttpOnly, SameSite=Strict,
 * `__Host-` on https), a row in the shared sessions table with the operator's id, 8 hours from
 * sign-in and never extended. Registered after the sessions plugin, whose cookie parser it uses.
 */
export const operatorAuthPlugin = fp(
  async (app: FastifyInstance, options: OperatorAuthOptions) => {
    const secure = options.publicUrl.startsWith("https:");
    const cookieName = secure ? "__Host-waveform_console" : "waveform_console";
    const publicOrigin = new URL(options.publicUrl).origin;
    const store = createOperatorSessionStore(app.db);
    const cookieOptions = { path: "/", httpOnly: true, sameSite: "strict" as const, secure, signed: true };
    const apiRoutes: Array<{ method: string; url: string }> = [];
    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith("/api/admin/")) return;
      for (const method of [route.method].flat())
        if (method !== "HEAD") apiRoutes.push({ method, url: route.url });
    });
    // A guard runs as an onRequest hook and nowhere else: refused before the body is read or
    // validated, so a stranger gets 401/403, never a 400 describing the endpoint. A guard given as
    // any other hook stops the app at registration instead of running late.
    app.addHook("onRoute", (route) => {
      for (const name of LATE_HOOKS) {
        const hooks = [route[name] ?? []].flat() as unknown[];
        const misplaced = hooks.find(
          (hook): hook is OperatorGuard => typeof hook === "function" && GUARD in hook,
        );
        if (!misplaced) continue;
        const methods = [route.method].flat().join(",");
        throw new Error(
          `${methods} ${route.url}: ${misplaced.name} is given as ${name}; console guards must be the route's onRequest hook (onRequest: app.${misplaced.name}(…)).`,
        );
      }
    });
    const loaded = new WeakMap<FastifyRequest, { id: string | null; operator: SignedInOperator | null }>();

    function cookieId(request: FastifyRequest): { id: string | null; present: boolean } {
      const header = request.headers.cookie;
      const raw = header ? app.parseCookie(header)[cookieName] : undefined;
      if (raw === undefined) return { id: null, present: false };
      const unsigned = request.unsignCookie(raw);
      return { id: unsigned.valid && unsigned.value ? unsigned.value : null, present: true };
    }

    async function load(request: FastifyRequest) {
      const cached = loaded.get(request);
      if (cached) return cached;
      const { id } = cookieId(request);
      const result = { id, operator: id ? await store.find(id) : null };
      loaded.set(request, result);
      request.operator = result.operator;
      return result;
    }

    const sessions: OperatorSessions = {
      cookieName,
      async signIn(request, reply, operator) {
        const { id: previous } = cookieId(request);
        if (previous) await store.delete(previous);
        const id = await store.create(operator);
        reply.setCookie(cookieName, id, { ...cookieOptions, maxAge: CONSOLE_SESSION_MS / 1000 });
        loaded.set(request, { id, operator });
        request.operator = operator;
      },
      async signOut(request, reply) {
        const { id, present } = cookieId(request);
        if (id) await store.delete(id);
        if (present) reply.clearCookie(cookieName, cookieOptions);
        loaded.set(request, { id: null, operator: null });
        request.operator = null;
      },
      signOutEverywhere: (operatorId) => store.deleteAllOf(operatorId),
      load: async (request) => (await load(request)).operator,
      isSameOriginWrite: (request) => isSameOriginWrite(request, publicOrigin),
      apiRoutes,
    };

    app.decorateRequest("operator", null);
    app.decorate("operatorSessions", sessions);
    // Only console pages and APIs pay for the session read; the public site never does.
    app.addHook("onRequest", async (request) => {
      if (isConsolePath(request.url)) await load(request);
    });

    const crossSite = (reply: FastifyReply) =>
      reply.code(403).send({ error: "Changes are only accepted from the console's own pages." });
    const guard = (check: OperatorGuard): OperatorGuard => Object.assign(check, { [GUARD]: true });

    app.decorate(
      "requireOperator",
      (role: OperatorRole): OperatorGuard =>
        guard(async function requireOperator(request, reply) {
          if (!sessions.isSameOriginWrite(request)) return crossSite(reply);
          const operator = await sessions.load(request);
          if (!operator) return reply.code(401).send({ error: "Please sign in to the console." });
          if (RANK[operator.role] < RANK[role]) {
            return reply.code(403).send({ error: "Only an administrator may do this." });
          }
        }),
    );
    app.decorate("requireSameOrigin", () =>
      guard(async function requireSameOrigin(request, reply) {
        if (!sessions.isSameOriginWrite(request)) return crossSite(reply);
      }),
    );
  },
  { name: "operator-auth", dependencies: ["db", "sessions"] },
);
