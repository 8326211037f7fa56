import cookie from "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { createSealedCookies, type SealedCookies } from "../lib/sealed-cookies";
import { createSecretBox, deriveKey, type SecretBox } from "../lib/secret-box";
import {
  createSessionStore,
  newSessionId,
  type SessionChange,
  type SessionData,
} from "../stores/session-store";

export type { SessionData } from "../stores/session-store";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sliding lifetime: a session nobody has used (written) for 30 days ends. */
export const SESSION_TTL_MS = 30 * DAY_MS;
/**
 * Absolute lifetime: every session ends 90 days after it was made, however active, so a stolen
 * cookie cannot be kept alive for ever. Long enough that a regular visitor re-connects about once
 * a season; shorter than the 6 months after which Spotify's own refresh tokens die anyway.
 */
export const SESSION_ABSOLUTE_TTL_MS = 90 * DAY_MS;

interface SessionsOptions {
  secret: string;
  publicUrl: string;
}

interface Sessions {
  /** The cookie's name: "__Host-" prefixed on https, which browsers only accept Secure and host-only. */
  cookieName: string;
  /** Encrypts what a session must keep secret at rest (tokens), with a key from the session secret. */
  box: SecretBox;
  /** This visitor's session data, or null without a valid cookie and live row. Never creates one. */
  read(request: FastifyRequest): Promise<SessionData | null>;
  /**
   * Saves the data, creating the session (and its cookie) when there is none. `rotate` moves it to
   * a new id, so an id known before a login (fixation) is worthless after it.
   */
  write(
    request: FastifyRequest,
    reply: FastifyReply,
    data: SessionData,
    options?: { rotate?: boolean },
  ): Promise<void>;
  /** Deletes the session and its cookie; nothing happens when there is none. */
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Read-modify-write of this visitor's session, one at a time across parallel requests and
   * servers: a row lock on PostgreSQL, a queue per session in this process (all PGlite needs). A
   * second caller waits and then reads what the first one stored. `change` gets null when there is
   * no live session (and nothing is stored then).
   */
  update<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    change: (data: SessionData | null) => Promise<SessionChange<T>>,
  ): Promise<T>;
  /** Short-lived sealed cookies, for what a visitor without a session needs for a few minutes. */
  sealed: SealedCookies;
}

declare module "fastify" {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

interface Loaded {
  id: string | null;
  data: SessionData | null;
  /** The request came with our cookie (valid or not). */
  hadCookie: boolean;
}

/**
 * Server-side sessions behind a signed, HttpOnly, SameSite=Lax cookie (decision 0006). Nothing
 * is stored or sent until a route writes: most visitors never get a session.
 */
export const sessionsPlugin = fp(
  async (app: FastifyInstance, options: SessionsOptions) => {
    const secure = options.publicUrl.startsWith("https:");
    const cookieName = secure ? "__Host-wmc_session" : "wmc_session";
    const store = createSessionStore(app.db, { idleMs: SESSION_TTL_MS, absoluteMs: SESSION_ABSOLUTE_TTL_MS });
    const rowLock = app.database.engine === "postgres";
    /** The tail of each session's queue of updates in this process, by session id. */
    const updating = new Map<string, Promise<unknown>>();
    const loaded = new WeakMap<FastifyRequest, Loaded>();
    // `hook: false`: the Cookie header is parsed here, for the requests that read a session, not by
    // a hook on every request (catalogue reads, pages and assets never need it).
    await app.register(cookie, {
      secret: deriveKey(options.secret, "cookie-signing").toString("base64url"),
      hook: false,
    });

    const cookieOptions = {
      path: "/",
      httpOnly: true,
      sameSite: "lax" as const,
      secure,
      signed: true,
    };

    async function load(request: FastifyRequest): Promise<Loaded> {
      const cached = loaded.get(request);
      if (cached) return cached;
      const header = request.headers.cookie;
      const raw = header ? app.parseCookie(header)[cookieName] : undefined;
      const unsigned = raw ? request.unsignCookie(raw) : null;
      const id = unsigned?.valid && unsigned.value ? unsigned.value : null;
      const result = { id, data: id ? await store.get(id) : null, hadCookie: raw !== undefined };
      loaded.set(request, result);
      return result;
    }

    const maxAgeUntil = (expiresAt: Date) =>
      Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));

    const sessions: Sessions = {
      cookieName,
      sealed: createSealedCookies({ secret: options.secret, secure, parseCookie: (h) => app.parseCookie(h) }),
      box: createSecretBox(deriveKey(options.secret, "session-data-encryption")),
      read: async (request) => (await load(request)).data,

      async write(request, reply, data, writeOptions = {}) {
        const current = await load(request);
        const id = current.data && current.id && !writeOptions.rotate ? current.id : newSessionId();
        const expiresAt = await store.put(id, data);
        if (current.id && current.data && id !== current.id) await store.delete(current.id);
        // Sent on every write so the cookie's lifetime follows the row's (30 days from the last
        // write, never past the absolute lifetime).
        reply.setCookie(cookieName, id, { ...cookieOptions, maxAge: maxAgeUntil(expiresAt) });
        loaded.set(request, { id, data, hadCookie: current.hadCookie });
      },

      async update(request, reply, change) {
        const { id } = await load(request);
        if (!id) return (await change(null)).result;
        const previous = updating.get(id) ?? Promise.resolve();
        const run = previous.then(async () => {
          const { result, expiresAt } = await store.update(id, change, { rowLock });
          if (expiresAt)
            reply.setCookie(cookieName, id, { ...cookieOptions, maxAge: maxAgeUntil(expiresAt) });
          // What this request read before may be stale now (this change, or another server's).
          loaded.delete(request);
          return result;
        });
        const tail = run.catch(() => {});
        updating.set(id, tail);
        void tail.then(() => {
          if (updating.get(id) === tail) updating.delete(id);
        });
        return run;
      },

      async destroy(request, reply) {
        const current = await load(request);
        if (current.id) await store.delete(current.id);
        if (current.hadCookie) reply.clearCookie(cookieName, cookieOptions);
        loaded.set(request, { id: null, data: null, hadCookie: current.hadCookie });
      },
    };
    app.decorate("sessions", sessions);

    // Expired sessions are purged by the session-purge background job, on one server at a time.
  },
  { name: "sessions", dependencies: ["db"] },
);
