import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { IPV6_SUBNET } from "../../plugins/rate-limit";

/** Deliveries one instance may make to the club's inboxes in a minute, by default. */
export const INBOX_DELIVERIES_PER_MINUTE = 300;

const DRAFT_KEY_ID = /(?:^|,)\s*keyId\s*=\s*"([^"]*)"/i;
const RFC9421_KEY_ID = /;\s*keyid\s*=\s*"([^"]*)"/i;

/**
 * The key a delivery says it is signed with, from the `Signature` header's `keyId` (draft-cavage,
 * what Mastodon sends) or `Signature-Input`'s `keyid` (RFC 9421), as an address. Null when it names
 * none: an unsigned request, which the inbox refuses anyway. Not verified here: Fedify does that.
 */
export function signerKey(headers: FastifyRequest["headers"]): URL | null {
  const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const keyId =
    DRAFT_KEY_ID.exec(one(headers.signature) ?? "")?.[1] ??
    RFC9421_KEY_ID.exec(one(headers["signature-input"]) ?? "")?.[1];
  return keyId && URL.canParse(keyId) ? new URL(keyId) : null;
}

/** The host a delivery says it comes from: its key's (see signerKey). */
export function signerHost(headers: FastifyRequest["headers"]): string | null {
  return signerKey(headers)?.host.toLowerCase() ?? null;
}

/**
 * The inboxes' rate limit, per instance: deliveries are counted by the host their signature names
 * and the address they come from (the shared counters of the rate-limit plugin, so every server
 * counts together). The host alone would let anyone who claims to be a big instance use up its
 * allowance and have its real deliveries refused; the address alone would count every instance
 * behind one proxy together. Over the limit a delivery is answered 429 with Retry-After, which
 * senders' queues (Mastodon's, Fedify's) retry later: nothing is lost.
 */
export function inboxRateLimit(app: FastifyInstance, perMinute: number): onRequestHookHandler {
  const limit = app.rateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) =>
      `fediverse-inbox ${signerHost(request.headers) ?? "unsigned"} ${normalizeIP(request.ip, IPV6_SUBNET)}`,
  });
  const hook = async function inboxLimit(
    this: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (request.method === "POST") await limit.call(this, request, reply);
  };
  return hook as onRequestHookHandler;
}
