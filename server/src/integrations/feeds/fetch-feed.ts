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

async function readCapped(response: Response, maxBytes: number, url: string): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new FeedFetchError(`The feed at ${url} is larger than ${maxBytes / 1024 / 1024} MB.`);
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new FeedFetchError(`The feed at ${url} is larger than ${maxBytes / 1024 / 1024} MB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a feed over http(s): conditional GET with the stored validators, redirects followed by
 * hand (at most `maxRedirects`, http(s) only), one deadline for the whole exchange including the
 * body, and a size cap that stops reading as soon as it is passed. Every failure is a
 * FeedFetchError whose message can be shown to an operator as it is.
 */
export async function fetchFeed(address: string, options: FetchFeedOptions = {}): Promise<FetchFeedResult> {
  const timeoutMs = options.timeoutMs ?? FEED_FETCH_LIMITS.timeoutMs;
  const maxBytes = options.maxBytes ?? FEED_FETCH_LIMITS.maxBytes;
  const maxRedirects = options.maxRedirects ?? FEED_FETCH_LIMITS.maxRedirects;
  const signal = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = {
    accept: ACCEPT,
    "user-agent": options.userAgent ?? "WaveformMusicClub-FeedReader/1.0",
  };
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.lastModified) headers["if-modified-since"] = options.lastModified;

  let url = httpUrl(address);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(url, { headers, redirect: "manual", signal });
      if (response.status >= 300 && response.status < 400 && response.status !== 304) {
        await response.body?.cancel();
        const location = response.headers.get("location");
        if (!location) throw new FeedFetchError(`${url} redirected without saying where to.`);
        if (redirects >= maxRedirects) {
          throw new FeedFetchError(`The feed at ${address} redirected more than ${maxRedirects} times.`);
        }
        url = httpUrl(location, url.href);
        continue;
      }
      if (response.status === 304) {
        await response.body?.cancel();
        return { kind: "not-modified", url: url.href };
      }
      if (!response.ok) {
        await response.body?.cancel();
        const reason = response.statusText ? ` ${response.statusText}` : "";
        throw new FeedFetchError(`The feed server answered ${response.status}${reason} for ${url.href}.`);
      }
      const bytes = await readCapped(response, maxBytes, url.href);
      return {
        kind: "fetched",
        url: url.href,
        bytes,
        contentType: response.headers.get("content-type"),
        etag: response.headers.get("etag"),
        lastModified: response.headers.get("last-modified"),
      };
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    if (signal.aborted) {
      throw new FeedFetchError(`The feed at ${address} did not answer within ${timeoutMs / 1000} s.`);
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new FeedFetchError(`The feed at ${address} could not be reached (${detail}).`);
  }
}
