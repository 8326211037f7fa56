import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type Context,
  createFederation,
  type Federation,
  generateCryptoKeyPair,
  MemoryKvStore,
} from "@fedify/fedify";
import { Activity, Person } from "@fedify/vocab";

/** What one of the fan server's inboxes was sent, as the club sent it, once its signature passed. */
export interface Delivery {
  /** The inbox's path: `/users/<name>/inbox`, or a recorded actor's inbox. */
  path: string;
  /** The activity as it came over the wire (the JSON the club signed). */
  json: Record<string, unknown> & { type: string; id?: string; actor?: string };
}

type KeyPair = Awaited<ReturnType<typeof generateCryptoKeyPair>>;
interface KeyPairs {
  rsa: KeyPair;
  ed25519: KeyPair;
}

export interface FanServer {
  /** `http://127.0.0.1:<port>` (or `http://[::1]:<port>`, a second instance): the fan instance's origin. */
  origin: string;
  federation: Federation<void>;
  /** A context for the fan's own sends and look-ups. */
  context(): Context<void>;
  /** The actor address of one of the fan server's people. */
  actorUri(name: string): URL;
  /** The RSA key pair a person signs with (its public key is in their actor document). */
  keys(name: string): KeyPairs;
  /** Everything the inboxes accepted, oldest first. */
  deliveries: Delivery[];
  /** The paths of every GET it was asked (actor documents, keys), oldest first. */
  reads: string[];
  /** Deliveries to one person's inbox (or a recorded actor's inbox path). */
  deliveriesTo(nameOrPath: string): Delivery[];
  /**
   * Serves a fixed JSON document at a path (a recorded Mastodon actor), and accepts POSTs to
   * `inboxPath` as that actor's inbox, recording them as deliveries without checking signatures.
   */
  serveDocument(path: string, document: unknown, inboxPath?: string): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function toWebRequest(request: IncomingMessage, origin: string, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new Request(new URL(request.url ?? "/", origin), {
    method: request.method ?? "GET",
    headers,
    ...(request.method === "POST" && { body: new Uint8Array(body) }),
  });
}

async function sendWeb(reply: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  reply.writeHead(response.status, headers);
  reply.end(Buffer.from(await response.arrayBuffer()));
}

const INBOX_PATH = /^\/(?:users\/[^/]+\/)?inbox$/;

/**
 * A small fediverse instance for the tests, written with Fedify like a real one: people at
 * `/users/<name>` (Person actors with an RSA key for HTTP Signatures and an Ed25519 key for
 * proofs), each with an inbox that verifies what it is sent and records it. It listens on its own
 * loopback port, so the club reaches it over HTTP as it reaches any instance; its document loader
 * allows private addresses (the club it talks to is on loopback too).
 */
export async function startFanServer(
  options: { people: string[]; loopback?: "127.0.0.1" | "::1" } = { people: ["fan"] },
): Promise<FanServer> {
  const loopback = options.loopback ?? "127.0.0.1";
  const keys = new Map<string, KeyPairs>();
  for (const name of options.people) {
    keys.set(name, {
      rsa: await generateCryptoKeyPair("RSASSA-PKCS1-v1_5"),
      ed25519: await generateCryptoKeyPair("Ed25519"),
    });
  }
  const deliveries: Delivery[] = [];
  const documents = new Map<string, string>();
  const recordedInboxes = new Set<string>();
  let federation: Federation<void> | undefined;
  let origin = "";
  const reads: string[] = [];

  const server: Server = createServer((request, reply) => {
    void (async () => {
      const path = (request.url ?? "/").split("?", 1)[0] ?? "/";
      const body = await readBody(request);
      if (request.method === "GET") reads.push(path);
      const document = documents.get(path);
      if (request.method === "GET" && document !== undefined) {
        reply.writeHead(200, { "content-type": "application/activity+json; charset=utf-8" });
        reply.end(document);
        return;
      }
      if (request.method === "POST" && recordedInboxes.has(path)) {
        deliveries.push({ path, json: JSON.parse(body.toString("utf8")) });
        reply.writeHead(202).end();
        return;
      }
      if (!federation) throw new Error("The fan server is not ready.");
      const response = await federation.fetch(toWebRequest(request, origin, body), {
        contextData: undefined,
      });
      // Fedify answers 202 once an inbox delivery's signature has been verified and its listener run.
      if (request.method === "POST" && INBOX_PATH.test(path) && response.status === 202) {
        deliveries.push({ path, json: JSON.parse(body.toString("utf8")) });
      }
      await sendWeb(reply, response);
    })().catch((error: unknown) => {
      reply.writeHead(500, { "content-type": "text/plain" }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, loopback, resolve));
  const host = loopback.includes(":") ? `[${loopback}]` : loopback;
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;

  federation = createFederation<void>({
    kv: new MemoryKvStore(),
    origin,
    // The club under test lives on loopback: the fan fetches it there (never in production).
    allowPrivateAddress: true,
  });
  federation
    .setActorDispatcher("/users/{identifier}", async (ctx, identifier) => {
      if (!keys.has(identifier)) return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `Test listener ${identifier}`,
        url: new URL(`/@${identifier}`, origin),
        inbox: ctx.getInboxUri(identifier),
        publicKey: pairs[0]?.cryptographicKey,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      const pair = keys.get(identifier);
      return pair ? [pair.rsa, pair.ed25519] : [];
    });
  // Every activity is welcome: the test reads what came (the raw JSON is kept by the server above).
  federation.setInboxListeners("/users/{identifier}/inbox", "/inbox").on(Activity, async () => {});

  const federationOf = federation;
  return {
    origin,
    federation: federationOf,
    context: () => federationOf.createContext(new URL(`${origin}/`), undefined),
    actorUri: (name) => new URL(`/users/${name}`, origin),
    keys: (name) => {
      const pair = keys.get(name);
      if (!pair) throw new Error(`No one called ${name} lives on the fan server.`);
      return pair;
    },
    deliveries,
    reads,
    deliveriesTo: (nameOrPath) => {
      const path = nameOrPath.startsWith("/") ? nameOrPath : `/users/${nameOrPath}/inbox`;
      return deliveries.filter((delivery) => delivery.path === path);
    },
    serveDocument: (path, document, inboxPath) => {
      documents.set(path, JSON.stringify(document));
      if (inboxPath) recordedInboxes.add(inboxPath);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
