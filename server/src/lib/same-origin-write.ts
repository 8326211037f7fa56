import type { FastifyRequest } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request may change console state: reads always may; a write must come from the site's
 * own pages. The console is used only in a browser, and browsers send `Sec-Fetch-Site` (and
 * `Origin` on every POST/PUT/PATCH/DELETE), so a write with neither, or from another site, is
 * refused: SameSite=Strict already keeps the cookie off cross-site requests, this is the second
 * lock (a sibling subdomain is "same-site" for cookies, not same-origin).
 */
export function isSameOriginWrite(request: FastifyRequest, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite !== undefined) return fetchSite === "same-origin";
  const origin = request.headers.origin;
  if (!origin) return false;
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}
