import type { FastifyReply, FastifyRequest } from "fastify";
import { createSecretBox, deriveKey } from "./secret-box";

/**
 * Short-lived values kept in the browser instead of the database (decision 0015):
 * what a visitor who has not connected anything yet needs for a few minutes (an OAuth state and its
 * PKCE verifier) costs no row. Each value is sealed with AES-256-GCM under a key of its own purpose
 * (so neither a session's sealed tokens nor another cookie's value can be presented as one) and
 * carries its name and expiry inside the seal: a copied or kept cookie is worthless once expired,
 * whatever Max-Age the browser was told.
 */
export interface SealedCookies {
  /** The value stored under `name`, or null when absent, expired, changed or sealed with another secret. */
  read(request: FastifyRequest, name: string): { value: unknown; expiresAt: number } | null;
  /** Seals `value` into the cookie `name`, living until `expiresAt` (epoch ms). */
  write(reply: FastifyReply, name: string, value: unknown, expiresAt: number): void;
  clear(reply: FastifyReply, name: string): void;
}

export function createSealedCookies(options: {
  secret: string;
  secure: boolean;
  parseCookie(header: string): Record<string, string | undefined>;
}): SealedCookies {
  const box = createSecretBox(deriveKey(options.secret, "sealed-cookie"));
  // "__Host-" on https: the browser accepts it only Secure, Path=/ and without Domain, so a sibling
  // subdomain cannot plant its own pending sign-in in this site's cookies (login CSRF).
  const cookieName = (name: string) => `${options.secure ? "__Host-" : ""}wmc_${name}`;
  const cookieOptions = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: options.secure };

  return {
    read(request, name) {
      const header = request.headers.cookie;
      const raw = header ? options.parseCookie(header)[cookieName(name)] : undefined;
      if (!raw) return null;
      try {
        const sealed = JSON.parse(box.open(raw)) as { name?: unknown; expiresAt?: unknown; value?: unknown };
        if (sealed.name !== name || typeof sealed.expiresAt !== "number") return null;
        if (sealed.expiresAt <= Date.now()) return null;
        return { value: sealed.value, expiresAt: sealed.expiresAt };
      } catch {
        return null;
      }
    },

    write(reply, name, value, expiresAt) {
      const sealed = box.seal(JSON.stringify({ name, expiresAt, value }));
      const maxAge = Math.max(1, Math.ceil((expiresAt - Date.now()) / 1000));
      reply.setCookie(cookieName(name), sealed, { ...cookieOptions, maxAge });
    },

    clear(reply, name) {
      reply.clearCookie(cookieName(name), cookieOptions);
    },
  };
}
