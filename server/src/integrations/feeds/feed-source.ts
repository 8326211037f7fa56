import { open } from "node:fs/promises";
import { basename, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  FEED_FETCH_LIMITS,
  FeedFetchError,
  type FetchFeedOptions,
  type FetchFeedResult,
  fetchFeed,
} from "./fetch-feed";

/**
 * Where a feed is read from, as stored in `podcasts.feed_url`:
 * - `http(s)://…` fetched from the web;
 * - `seed:<file>.xml` one of the feeds shipped in server/src/db/seed/podcast-feeds (the address
 *   stays valid wherever the repository is checked out);
 * - `file:///abs/path.xml` a local file an operator added.
 */
export function normaliseFeedSource(input: string, cwd = process.cwd()): string {
  const trimmed = input.trim();
  if (/^https?:\/\//i.test(trimmed) || trimmed.startsWith("seed:") || trimmed.startsWith("file:")) {
    return trimmed;
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    throw new FeedFetchError(`Only http and https feeds or local files can be added, not "${trimmed}".`);
  }
  return pathToFileURL(isAbsolute(trimmed) ? trimmed : resolve(cwd, trimmed)).href;
}

async function readCappedFile(path: string, maxBytes: number): Promise<Uint8Array> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FeedFetchError(
      code === "ENOENT" ? `There is no file at ${path}.` : `The file ${path} cannot be read (${code}).`,
    );
  }
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) {
      throw new FeedFetchError(`The file ${path} is larger than ${maxBytes / 1024 / 1024} MB.`);
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

function localPath(source: string, seedFolder: string): string {
  if (source.startsWith("seed:")) return join(seedFolder, basename(source.slice("seed:".length)));
  try {
    return fileURLToPath(source);
  } catch {
    throw new FeedFetchError(`"${source}" is not a valid file address.`);
  }
}

/** Reads a feed from any source `normaliseFeedSource` accepts. Local files are never "not modified". */
export async function readFeedSource(
  source: string,
  options: FetchFeedOptions & { seedFolder: string },
): Promise<FetchFeedResult> {
  if (!source.startsWith("seed:") && !source.startsWith("file:")) return fetchFeed(source, options);
  const bytes = await readCappedFile(
    localPath(source, options.seedFolder),
    options.maxBytes ?? FEED_FETCH_LIMITS.maxBytes,
  );
  return { kind: "fetched", url: source, bytes, contentType: null, etag: null, lastModified: null };
}

/** True for feeds kept in the repository or on this machine: the club's own shows. */
export const isLocalFeedSource = (source: string) => source.startsWith("seed:") || source.startsWith("file:");

/**
 * What an address a feed gave (http(s) or a site path, see parse-feed.ts) means where the feed
 * lives. A feed in the repository (`seed:`/`file:`) is published by this site, so its site paths
 * (`/media/podcasts/…`) stay site paths: the site's own address differs per deployment. In a feed
 * from the web a site path is resolved against the feed's address, as podcast apps do.
 */
export function resolveFeedAddress(address: string | null, source: string): string | null {
  if (!address || /^https?:\/\//i.test(address)) return address;
  if (isLocalFeedSource(source)) return address;
  try {
    return new URL(address, source).href;
  } catch {
    return null;
  }
}
