import compress from "@fastify/compress";
import { unsubscribeFromNewsletter } from "@waveform/contracts/newsletter";
import { NEWSLETTER_WEBHOOKS } from "@waveform/contracts/newsletter-issues";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { computeHelmetHeaders } from "../lib/security-headers";

interface SecurityOptions {
  publicUrl: string;
  /** CSP hashes ('sha256-…') of the inline scripts of the built index.html. */
  inlineScriptHashes: string[];
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The players a playlist's 'Listen here' may embed (CSP frame-src, and the features they may use). */
const PLAYER_ORIGINS = [
  "https://open.spotify.com",
  "https://embed.music.apple.com",
  "https://www.youtube-nocookie.com",
];

/**
 * Image hosts a page may show besides its own: covers imported from Spotify in the curator console
 * keep Spotify's image address (i.scdn.co, mosaic.scdn.co, image-cdn-*.spotifycdn.com). Any other
 * host stays blocked, and the cover falls back to the generated artwork (FallbackImage).
 */
const COVER_IMAGE_ORIGINS = ["https://*.scdn.co", "https://*.spotifycdn.com"];

/**
 * Permissions-Policy for pages: every powerful feature the site never uses is off for the page
 * and anything it embeds. Only names Chromium knows: an unknown one is a console error on every
 * page (Chromium 150 has no 'bluetooth' policy). The players keep what their iframe's `allow`
 * asks for (autoplay, DRM for full tracks, fullscreen, picture-in-picture, copying a link); our
 * own audio player is same-origin and needs none of them to start on a click, but may use
 * autoplay and picture-in-picture itself.
 */
export const PERMISSIONS_POLICY = [
  ...["autoplay", "encrypted-media", "fullscreen", "picture-in-picture", "clipboard-write"].map(
    (feature) => `${feature}=(self ${PLAYER_ORIGINS.map((origin) => `"${origin}"`).join(" ")})`,
  ),
  ...[
    "accelerometer",
    "browsing-topics",
    "camera",
    "clipboard-read",
    "display-capture",
    "geolocation",
    "gyroscope",
    "hid",
    "idle-detection",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "publickey-credentials-get",
    "screen-wake-lock",
    "serial",
    "usb",
    "xr-spatial-tracking",
  ].map((feature) => `${feature}=()`),
].join(", ");

/** One year, as HSTS preload lists expect; sent only when PUBLIC_URL is https. */
const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** True when the browser tells us the request comes from another site than ours. */
function isCrossSite(headers: Record<string, unknown>, publicOrigin: string): boolean {
  const fetchSite = headers["sec-fetch-site"];
  if (typeof fetchSite === "string" && fetchSite !== "same-origin" && fetchSite !== "none") {
    return true;
  }
  const origin = headers.origin;
  if (typeof origin === "string" && origin !== "null") {
    const host = headers.host;
    const sameHost =
      typeof host === "string" && (origin === `http://${host}` || origin === `https://${host}`);
    return origin !== publicOrigin && !sameHost;
  }
  return origin === "null";
}

/** What a state-changing request with neither `Origin` nor `Sec-Fetch-Site` (and no JSON body) is told. */
const NO_ORIGIN_MESSAGE =
  "Changes are only accepted from this site's own pages, or as a JSON body (Content-Type: application/json): the request carried neither an Origin nor a Sec-Fetch-Site header.";

/**
 * A JSON body (`application/json`, parameters such as charset allowed). A page of another site can
 * send one only through fetch with CORS, which preflights it (this site grants no preflight) and
 * carries `Origin` anyway; a form or a beacon cannot send one at all. So a JSON body with neither
 * `Origin` nor `Sec-Fetch-Site` comes from a server or a script, the public API's own clients, not
 * from a browser made to forge it.
 */
function isJsonBody(request: FastifyRequest): boolean {
  const type = request.headers["content-type"];
  if (typeof type !== "string") return false;
  return type.split(";", 1)[0]?.trim().toLowerCase() === "application/json";
}

/**
 * RFC 8058 one-click unsubscribe: the mail provider's server (not a browser, so no `Origin`) POSTs
 * `List-Unsubscribe=One-Click`, form-encoded, to the mail's `List-Unsubscribe` address, which
 * carries the unsubscribe token in its query. The token is the authority; the route checks the body.
 */
function isOneClickUnsubscribe(request: FastifyRequest): boolean {
  if (request.method !== "POST") return false;
  const [path, query = ""] = request.url.split("?", 2);
  if (path !== unsubscribeFromNewsletter.path) return false;
  if (!new URLSearchParams(query).get("token")) return false;
  const type = request.headers["content-type"];
  return typeof type === "string" && type.startsWith("application/x-www-form-urlencoded");
}

/** A mail provider's bounce webhook (issue 34): a server's POST; its signature is the authority. */
const WEBHOOK_PATHS = new Set<string>(Object.values(NEWSLETTER_WEBHOOKS));
const isBounceWebhook = (request: FastifyRequest) =>
  request.method === "POST" && WEBHOOK_PATHS.has(request.url.split("?", 1)[0] ?? "");

/**
 * A fediverse server delivering to the club's inboxes (`/ap/inbox`, `/ap/actors/…/inbox`): a
 * server's POST of ActivityPub JSON; its HTTP Signature is the authority (the federation module).
 */
const ACTIVITY_TYPES = new Set(["application/activity+json", "application/ld+json"]);
function isInboxDelivery(request: FastifyRequest): boolean {
  if (request.method !== "POST") return false;
  const path = request.url.split("?", 1)[0] ?? "";
  if (path !== "/ap/inbox" && !/^\/ap\/actors\/[^/]+\/inbox$/.test(path)) return false;
  const type = request.headers["content-type"];
  return typeof type === "string" && ACTIVITY_TYPES.has(type.split(";", 1)[0]?.trim().toLowerCase() ?? "");
}

/**
 * A state-changing request that does not say where it comes from and could have been forged by a
 * browser: browsers send `Origin` on every POST/PUT/PATCH/DELETE (a form posted without JavaScript
 * too) and `Sec-Fetch-Site`, so only a non-browser client (or a browser too old to send them) sends
 * neither. A JSON body is an API client's (isJsonBody) and is let through; a form or text body is
 * refused, except for RFC 8058 one-click unsubscribe, which mail providers post from their servers,
 * the bounce webhooks and fediverse inbox deliveries (their signature or credentials are the authority). The console refuses
 * every origin-less write whatever its body (lib/same-origin-write.ts).
 */
function isOriginless(request: FastifyRequest): boolean {
  const { origin } = request.headers;
  if (typeof origin === "string" && origin !== "") return false;
  if (request.headers["sec-fetch-site"] !== undefined) return false;
  return (
    !isJsonBody(request) &&
    !isOneClickUnsubscribe(request) &&
    !isBounceWebhook(request) &&
    !isInboxDelivery(request)
  );
}

/** A route of one of the build's hashed files (each has its own: client-app.ts, `wildcard: false`). */
const isAssetRoute = (url: string | undefined) => url?.startsWith("/assets/") === true;

/**
 * Security headers with a CSP the built app satisfies, compression, and the refusal of cross-site
 * and origin-less POSTs.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: SecurityOptions) => {
    const https = options.publicUrl.startsWith("https:");
    const publicOrigin = new URL(options.publicUrl).origin;
    const headers = computeHelmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...options.inlineScriptHashes.map((hash) => `'${hash}'`)],
          // The page carries its stylesheet in a <style> element (decision 0036), and the toast and
          // popover libraries insert theirs at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", ...COVER_IMAGE_ORIGINS],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          // The service worker (/sw.js) and the web app manifest, both from this site (decision 0026).
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          mediaSrc: ["'self'", "https:"],
          // A playlist's 'Listen here' loads its platform's official player, only after a click.
          frameSrc: PLAYER_ORIGINS,
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });
    const pageHeaders = { ...headers, "permissions-policy": PERMISSIONS_POLICY };
    const hsts = headers["strict-transport-security"]
      ? { "strict-transport-security": headers["strict-transport-security"] }
      : {};
    // Generated artwork (/art/*.svg) is an image, but opened on its own it is a document: with
    // nothing allowed it can run, load or style nothing (it needs no <style>: presentation
    // attributes only).
    const artHeaders = {
      "content-security-policy": "default-src 'none'",
      "x-content-type-options": "nosniff",
      ...hsts,
    };
    // JSON from /api is never rendered as a document: it needs no page policy, only the headers
    // that stop it being sniffed, framed or read cross-origin. Fewer bytes on every API answer.
    const apiHeaders = {
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "cross-origin-resource-policy": "same-origin",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-content-type-options": "nosniff",
      ...hsts,
    };
    // A hashed asset (/assets/*: the build's scripts and stylesheets) is never a document, a worker
    // or a frame: a page's policies (CSP, Permissions-Policy, framing, COOP) mean nothing on it and
    // cost 1.8 KB of headers on each of the 5-22 files a page loads (/playlists: about 40 KB, a
    // quarter of a second on a slow phone network). It keeps what stops it being sniffed or read
    // cross-origin.
    const assetHeaders = {
      "cross-origin-resource-policy": "same-origin",
      "x-content-type-options": "nosniff",
      ...hsts,
    };
    // The build's files under /assets/ come with their brotli and gzip copies wherever a copy is
    // smaller (decision 0029), so none is compressed again as it goes out: a file without copies
    // (a 50-byte re-export) would only grow. Added before compression's own hook, which reads it.
    app.addHook("onRoute", (route) => {
      if (isAssetRoute(route.url)) route.compress = false;
    });
    // brotli and gzip, which every browser takes: kept pages hold those two copies (lib/page-html),
    // and a body sent as it is stays so for a client that takes neither, as its tag says.
    await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
    app.addHook("onRequest", (request, reply, done) => {
      // The route's, not the request's: the not-found page for a missing asset is a page.
      const assetFile = isAssetRoute(request.routeOptions.url);
      reply.headers(
        request.url.startsWith("/api/")
          ? apiHeaders
          : request.url.startsWith("/art/")
            ? artHeaders
            : assetFile
              ? assetHeaders
              : pageHeaders,
      );
      if (STATE_CHANGING.has(request.method) && isCrossSite(request.headers, publicOrigin)) {
        reply.status(403).send({ error: "Cross-site requests are not allowed" });
        return;
      }
      if (STATE_CHANGING.has(request.method) && isOriginless(request)) {
        reply.status(403).send({ error: NO_ORIGIN_MESSAGE });
        return;
      }
      done();
    });
  },
  { name: "security" },
);
