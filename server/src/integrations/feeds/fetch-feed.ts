import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { pipeline, type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip } from "node:zlib";
import {
  ForbiddenAddressError,
  pinAddress,
  type Resolve,
  type ResolvedAddress,
  systemResolve,
} from "./address-guard";

export class FeedFetchError extends Error {
  override name = "FeedFetchError";
}

export interface FetchFeedOptions {
  /** Validators from the previous fetch, for a conditional GET. */
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /**
   * ALLOW_PRIVATE_FEEDS: loopback, private and link-local addresses may be fetched (local testing).
   * Off, every hop's host is resolved once, checked, and connected to at that address.
   */
  allowPrivateAddresses?: boolean;
  /** How host names are resolved (tests pass their own). */
  resolve?: Resolve;
  /** Which addresses are refused (tests treat one loopback address as a public host). */
  isForbidden?: (address: string) => boolean;
  /** The Accept header (a feed's types unless told). */
  accept?: string;
  /** What is fetched, as the error messages name it ("feed" unless told: "transcript", "chapters file"). */
  label?: string;
  /**
   * Headers added to each hop's request, made for that hop's address (a signed GET signs the
   * address it asks, so a redirect is signed again).
   */
  headersFor?: (url: URL) => Promise<Record<string, string>>;
}

export type FetchFeedResult =
  | { kind: "not-modified"; url: string }
  | {
      kind: "fetched";
      url: string;
      bytes: Uint8Array;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
    };

export const FEED_FETCH_LIMITS = {
  timeoutMs: 10_000,
  maxBytes: 10 * 1024 * 1024,
  maxRedirects: 5,
} as const;

const ACCEPT = "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5";

function httpUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FeedFetchError(`"${raw}" is not a valid web address.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new FeedFetchError(`Only http and https feeds can be fetched, not ${url.protocol}`);
  }
  return url;
}

/** One GET to exactly `target` (the checked address), with the URL's host for Host and TLS. */
function get(url: URL, target: ResolvedAddress, headers: Record<string, string>, signal: AbortSignal) {
  const https = url.protocol === "https:";
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  return new Promise<IncomingMessage>((resolve, reject) => {
    const request = (https ? httpsRequest : httpRequest)(
      {
        host: target.address,
        family: target.family,
        port: url.port ? Number(url.port) : https ? 443 : 80,
        path: `${url.pathname}${url.search}`,
        method: "GET",
        headers: { ...headers, host: url.host },
        // The certificate is checked against the name asked for, not the address connected to.
        ...(https && target.address !== hostname && { servername: hostname }),
        agent: false,
        signal,
      },
      resolve,
    );
    request.on("error", reject);
    request.end();
  });
}

/** The body as sent, decompressed (gzip, br); errors and aborts reach whoever reads it. */
function decoded(response: IncomingMessage): Readable {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "br"
        ? createBrotliDecompress()
        : null;
  return decoder ? pipeline(response, decoder, () => {}) : response;
}

async function readCapped(
  response: IncomingMessage,
  maxBytes: number,
  url: string,
  label: string,
): Promise<Uint8Array> {
  const size = maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MB` : `${maxBytes / 1024} KB`;
  const tooLarge = () => new FeedFetchError(`The ${label} at ${url} is larger than ${size}.`);
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const body = decoded(response);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      body.destroy();
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const header = (response: IncomingMessage, name: string): string | null => {
  const value = response.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
};

/**
 * Fetches a feed over http(s): conditional GET with the stored validators, redirects followed by
 * hand (at most `maxRedirects`, http(s) only), one deadline for the whole exchange including the
 * body, and a size cap that stops reading as soon as it is passed. Every hop's host is resolved
 * once and refused when it is loopback, private or link-local (unless `allowPrivateAddresses`);
 * the connection goes to that very address (no second lookup a rebinding DNS could answer
 * differently). Every failure is a FeedFetchError whose message can be shown to an operator as it is.
 */
export async function fetchFeed(address: string, options: FetchFeedOptions = {}): Promise<FetchFeedResult> {
  const timeoutMs = options.timeoutMs ?? FEED_FETCH_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? FEED_FETCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FEED_FETCH_LIMITS.maxRedirects;
  const label = options.label ?? "feed";
  const signal = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = {
    accept: options.accept ?? ACCEPT,
    "accept-encoding": "gzip, br",
    "user-agent": options.userAgent ?? "WaveformMusicClub-FeedReader/1.0",
  };
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.lastModified) headers["if-modified-since"] = options.lastModified;
  const guard = {
    resolve: options.resolve ?? systemResolve,
    allowPrivate: options.allowPrivateAddresses ?? false,
    ...(options.isForbidden && { isForbidden: options.isForbidden }),
  };

  let url = httpUrl(address);
  try {
    for (let redirects = 0; ; redirects++) {
      const target = await pinAddress(url.hostname, guard);
      const hopHeaders = options.headersFor ? { ...headers, ...(await options.headersFor(url)) } : headers;
      const response = await get(url, target, hopHeaders, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304) {
        response.destroy();
        const location = header(response, "location");
        if (!location) throw new FeedFetchError(`${url} redirected without saying where to.`);
        if (redirects >= maxRedirects) {
          throw new FeedFetchError(`The ${label} at ${address} redirected more than ${maxRedirects} times.`);
        }
        url = httpUrl(location, url.href);
        continue;
      }
      if (status === 304) {
        response.destroy();
        return { kind: "not-modified", url: url.href };
      }
      if (status < 200 || status > 299) {
        response.destroy();
        const reason = response.statusMessage ? ` ${response.statusMessage}` : "";
        throw new FeedFetchError(`The ${label} server answered ${status}${reason} for ${url.href}.`);
      }
      const bytes = await readCapped(response, maxBytes, url.href, label);
      return {
        kind: "fetched",
        url: url.href,
        bytes,
        contentType: header(response, "content-type"),
        etag: header(response, "etag"),
        lastModified: header(response, "last-modified"),
      };
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    if (error instanceof ForbiddenAddressError) {
      throw new FeedFetchError(`The ${label} at ${url.href} was refused: ${error.message}`);
    }
    if (signal.aborted) {
      throw new FeedFetchError(`The ${label} at ${address} did not answer within ${timeoutMs / 1000} s.`);
    }
    const failure = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const detail = failure.code ?? failure.cause?.code ?? failure.cause?.message ?? failure.message;
    throw new FeedFetchError(`The ${label} at ${address} could not be reached (${detail}).`);
  }
}
