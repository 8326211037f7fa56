import { signRequest } from "@fedify/fedify";
import {
  type AuthenticatedDocumentLoaderFactory,
  type DocumentLoader,
  type DocumentLoaderFactory,
  preloadedContexts,
  type RemoteDocument,
} from "@fedify/vocab-runtime";
import { FeedFetchError, fetchFeed } from "../../integrations/feeds/fetch-feed";

/** What a remote ActivityPub document may cost: one deadline for the exchange, and a size cap. */
const REMOTE_DOCUMENT_LIMITS = { timeoutMs: 8_000, maxBytes: 1024 * 1024, maxRedirects: 3 } as const;

const ACCEPT =
  'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

interface GuardOptions {
  /** FEDERATION_ALLOW_PRIVATE_ADDRESSES: loopback and private addresses may be fetched (tests). */
  allowPrivateAddresses: boolean;
  userAgent: string;
}

/**
 * Fetches one remote document through the feeds' address guard: public addresses only (unless
 * allowed), each hop resolved once and connected to at that address, at most three redirects, one
 * deadline and a 1 MB cap. JSON-LD contexts Fedify knows are answered from memory, never fetched.
 */
async function loadGuarded(
  address: string,
  options: GuardOptions,
  headersFor?: (url: URL) => Promise<Record<string, string>>,
): Promise<RemoteDocument> {
  const preloaded = preloadedContexts[address];
  if (preloaded !== undefined) return { contextUrl: null, documentUrl: address, document: preloaded };
  const result = await fetchFeed(address, {
    ...REMOTE_DOCUMENT_LIMITS,
    accept: ACCEPT,
    label: "ActivityPub document",
    userAgent: options.userAgent,
    allowPrivateAddresses: options.allowPrivateAddresses,
    ...(headersFor && { headersFor }),
  });
  if (result.kind !== "fetched")
    throw new FeedFetchError(`${address} answered 304 to a request without validators.`);
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder().decode(result.bytes));
  } catch {
    throw new FeedFetchError(`The ActivityPub document at ${result.url} is not JSON.`);
  }
  return { contextUrl: null, documentUrl: result.url, document };
}

/** Fedify's document loader, through the guard. */
export function guardedDocumentLoaderFactory(options: GuardOptions): DocumentLoaderFactory {
  return () => ((address: string) => loadGuarded(address, options)) satisfies DocumentLoader;
}

/**
 * Fedify's signed-GET loader, through the guard: each hop is signed with the account's key
 * (draft-cavage HTTP Signatures, which every server with authorized fetch accepts), so servers
 * that answer only signed requests answer ours.
 */
export function guardedAuthenticatedLoaderFactory(options: GuardOptions): AuthenticatedDocumentLoaderFactory {
  return (identity) => (address: string) =>
    loadGuarded(address, options, async (url) => {
      const signed = await signRequest(
        new Request(url, { method: "GET", headers: { accept: ACCEPT } }),
        identity.privateKey,
        identity.keyId,
        { spec: "draft-cavage-http-signatures-12" },
      );
      const headers: Record<string, string> = {};
      for (const name of ["signature", "date", "digest"]) {
        const value = signed.headers.get(name);
        if (value) headers[name] = value;
      }
      return headers;
    });
}
