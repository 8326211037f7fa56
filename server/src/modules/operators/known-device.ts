import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** How long a browser stays a known device for an account after its last successful sign-in. */
const KNOWN_DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** A browser that has signed in to this operator's account before (its cookie's contents). */
export interface KnownDevice {
  operatorId: number;
  /** 128 random bits, base64url: names the device's own sign-in count. */
  id: string;
}

const VALUE = /^device\.(\d{1,9})\.([A-Za-z0-9_-]{22})$/;

/**
 * The console's device cookie (issue 31; OWASP's "device cookies"): set at every successful sign-in
 * (password, and the code when two-step sign-in is on), it marks the browser as one that has signed
 * in to that account before, so the per-account lock that stops a guesser does not stop the
 * operator (sign-in.ts). Signed with SESSION_SECRET like the session cookies (so it cannot be made
 * up, and every server of a deployment reads it), HttpOnly, SameSite=Strict, Secure and `__Host-`
 * on https, for a year. It grants nothing but its own sign-in count: the password, and the code,
 * are still asked for. One account a browser: the last one signed in to on it.
 */
export function createKnownDevices(app: FastifyInstance, publicUrl: string) {
  const secure = publicUrl.startsWith("https:");
  const cookieName = secure ? "__Host-waveform_console_device" : "waveform_console_device";
  const cookieOptions = { path: "/", httpOnly: true, sameSite: "strict" as const, secure, signed: true };

  return {
    cookieName,

    /** The device this request's cookie names, if its signature holds; else null (an unknown device). */
    read(request: FastifyRequest): KnownDevice | null {
      const header = request.headers.cookie;
      const raw = header ? app.parseCookie(header)[cookieName] : undefined;
      if (raw === undefined) return null;
      const unsigned = request.unsignCookie(raw);
      const match = unsigned.valid && unsigned.value ? VALUE.exec(unsigned.value) : null;
      return match ? { operatorId: Number(match[1]), id: match[2] as string } : null;
    },

    /** Marks the browser as known for the operator, under a new id (its old count is left behind). */
    remember(reply: FastifyReply, operatorId: number): void {
      const value = `device.${operatorId}.${randomBytes(16).toString("base64url")}`;
      reply.setCookie(cookieName, value, { ...cookieOptions, maxAge: KNOWN_DEVICE_MAX_AGE_S });
    },
  };
}
