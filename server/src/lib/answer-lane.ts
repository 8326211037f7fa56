import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { ifNoneMatchMatches } from "./etag";

/** A catalogue cache entry as the lane needs it: the same object the cache keeps (see catalogue-cache). */
interface LaneEntry {
  readonly etag: string;
  readonly expiresAt: number;
}

/** Whether the server answers for a Host header (plugins/host-check's matcher). */
type HostAccepts = (host: string | undefined, socket: Socket) => boolean;

interface Variant {
  status: 200 | 304;
  /** Name, value, name, value…: what writeHead takes without building an object per answer. */
  headers: string[];
  body: Buffer;
}

interface Answer {
  entry: LaneEntry;
  /** The bytes of its variants' bodies. */
  bytes: number;
  ok?: Variant;
  notModified?: Variant;
}

/**
 * Headers Node writes for each answer itself, or that describe one answer's transfer rather than
 * its content: never replayed (the lane sends an exact Content-Length of the bytes it replays).
 */
const PER_ANSWER = new Set(["content-length", "transfer-encoding", "date", "connection", "keep-alive"]);
type Headers = Record<string, string | number | readonly string[] | undefined>;
/** Answers kept at most, and their bodies' bytes; the oldest goes first (a Map keeps insertion order). */
const LIMITS = { answers: 2000, bytes: 32 * 1024 * 1024 };

const keyOf = (url: string, acceptEncoding: string | undefined) => `${url}\n${acceptEncoding ?? ""}`;

/**
 * A lane in front of Fastify for the catalogue's cached answers (decision 0012). Fastify answers a
 * cached catalogue read with the cache's bytes after its routing and every hook (host check,
 * security headers, compression…), about half the throughput of a bare node:http server sending
 * the same bytes. Once Fastify has answered a GET from a cache entry, the lane keeps that exact
 * answer (status, headers after every hook, body as sent, compressed or not) for the same URL and
 * Accept-Encoding, and replays it to the next such request before Fastify sees it, for as long
 * as the entry is the cache's current one: until it expires or the cache is cleared.
 *
 * It answers only when the answer cannot differ from Fastify's: a GET whose Host the server
 * accepts (the same matcher), without X-No-Compression, while the server is not draining; a
 * conditional GET gets the 304 or the 200 Fastify gave for that case. The catalogue cache offers
 * every answer it sends (`offer`), but only routes without a rate limit or another onRequest hook
 * keep theirs (plugins/page-reads adds `keep` to those alone): a rate-limited route's answer is
 * offered and never kept, so each of its requests goes through Fastify and is counted. With
 * ACCESS_LOG every request goes through Fastify so that each is logged.
 */
export class AnswerLane {
  private readonly answers = new Map<string, Answer>();
  private readonly offered = new WeakMap<IncomingMessage, { entry: LaneEntry; generation: number }>();
  /** Bumped by clear(): an answer offered before it may carry old data, so it is not kept. */
  private generation = 0;
  private bytes = 0;
  private paused: () => boolean = () => false;

  constructor(
    private readonly options: {
      accepts: HostAccepts;
      /** Off: every request goes through Fastify (ACCESS_LOG: each request is logged there). */
      enabled: boolean;
      /** Answers kept at most, and the bytes of their bodies (defaults: 2,000 and 32 MiB). */
      limits?: { answers: number; bytes: number };
    },
  ) {}

  /** While this says so (the server drains or closes), every request goes through Fastify. */
  pauseWhen(paused: () => boolean): void {
    this.paused = paused;
  }

  /** Answers the request from a kept answer and returns true, or returns false for Fastify to answer. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.answers.size === 0 || request.method !== "GET" || this.paused()) return false;
    const headers = request.headers;
    if (headers["x-no-compression"] !== undefined) return false;
    const kept = this.answers.get(keyOf(request.url ?? "", headers["accept-encoding"]));
    if (!kept || kept.entry.expiresAt < Date.now()) return false;
    // The Host first: a request the server does not answer for costs no more than this.
    if (!this.options.accepts(headers.host, request.socket)) return false;
    const ifNoneMatch = headers["if-none-match"];
    const variant =
      ifNoneMatch !== undefined && ifNoneMatchMatches(ifNoneMatch, kept.entry.etag)
        ? kept.notModified
        : kept.ok;
    if (!variant) return false;
    response.writeHead(variant.status, variant.headers);
    response.end(variant.body);
    return true;
  }

  /** Fastify is answering this request from `entry`, the cache's current entry for its key. */
  offer(request: IncomingMessage, entry: LaneEntry): void {
    if (this.options.enabled) this.offered.set(request, { entry, generation: this.generation });
  }

  /**
   * Keeps the answer Fastify is sending (called by an onSend hook that runs after every other), if
   * it was offered, is a 200 or 304, and nothing cleared the cache since.
   */
  keep(request: IncomingMessage, status: number, headers: Headers, payload: unknown): void {
    const offered = this.offered.get(request);
    if (!offered || offered.generation !== this.generation) return;
    if (request.method !== "GET" || request.headers["x-no-compression"] !== undefined) return;
    if (status !== 200 && status !== 304) return;
    const body =
      typeof payload === "string"
        ? Buffer.from(payload)
        : Buffer.isBuffer(payload)
          ? payload
          : payload == null
            ? null
            : undefined;
    // A stream (never for these answers today) is not kept.
    if (body === undefined) return;
    const key = keyOf(request.url ?? "", request.headers["accept-encoding"]);
    let kept = this.answers.get(key);
    if (!kept || kept.entry !== offered.entry) {
      this.forget(key);
      kept = { entry: offered.entry, bytes: 0 };
      this.answers.set(key, kept);
    }
    const sent = body ?? Buffer.alloc(0);
    // writeHead sends the headers at once: without a length, Node would send the body chunked.
    const length = status === 200 ? ["content-length", String(sent.length)] : [];
    const variant: Variant = { status, headers: [...flatHeaders(headers), ...length], body: sent };
    const replaced = status === 200 ? kept.ok : kept.notModified;
    const grown = sent.length - (replaced?.body.length ?? 0);
    kept.bytes += grown;
    this.bytes += grown;
    if (status === 200) kept.ok = variant;
    else kept.notModified = variant;
    const limits = this.options.limits ?? LIMITS;
    while (this.answers.size > limits.answers || this.bytes > limits.bytes) {
      const oldest = this.answers.keys().next().value;
      if (oldest === undefined || oldest === key) break;
      this.forget(oldest);
    }
  }

  /** Forgets the answers whose entry has expired (they are never replayed again). */
  sweep(): void {
    const now = Date.now();
    for (const [key, kept] of this.answers) if (kept.entry.expiresAt < now) this.forget(key);
  }

  /** Forgets every kept answer (the catalogue cache was cleared). */
  clear(): void {
    this.generation += 1;
    this.answers.clear();
    this.bytes = 0;
  }

  private forget(key: string): void {
    const kept = this.answers.get(key);
    if (!kept) return;
    this.bytes -= kept.bytes;
    this.answers.delete(key);
  }
}

function flatHeaders(headers: Headers): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_ANSWER.has(name.toLowerCase())) continue;
    for (const one of [value].flat()) flat.push(name, String(one));
  }
  return flat;
}
