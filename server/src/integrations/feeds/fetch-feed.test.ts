import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isForbiddenAddress } from "./address-guard";
import { FeedFetchError, type FetchFeedOptions, fetchFeed as fetchAny } from "./fetch-feed";

/** The fixture server is on loopback: these cases fetch with private addresses allowed. */
const fetchFeed = (address: string, options: FetchFeedOptions = {}) =>
  fetchAny(address, { allowPrivateAddresses: true, ...options });

const FEED = '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>';
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const handler = routes.get(request.url ?? "");
    if (handler) handler(request, response);
    else response.writeHead(404, "Not Found").end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  routes.set("/feed", (request, response) => {
    if (request.headers["if-none-match"] === '"v1"') return void response.writeHead(304).end();
    response
      .writeHead(200, {
        "content-type": "application/rss+xml; charset=utf-8",
        etag: '"v1"',
        "last-modified": "Sun, 22 Nov 2026 08:00:00 GMT",
      })
      .end(FEED);
  });
  routes.set("/since", (request, response) => {
    if (request.headers["if-modified-since"] === "Sun, 22 Nov 2026 08:00:00 GMT")
      return void response.writeHead(304).end();
    response.writeHead(200).end(FEED);
  });
  for (let hop = 1; hop <= 6; hop++) {
    routes.set(`/hop/${hop}`, (_request, response) => {
      response.writeHead(hop === 1 ? 301 : 302, { location: hop === 6 ? "/feed" : `/hop/${hop + 1}` }).end();
    });
  }
  routes.set(
    "/to-ftp",
    (_request, response) => void response.writeHead(302, { location: "ftp://x.example/feed" }).end(),
  );
  routes.set("/slow", (_request, response) => void setTimeout(() => response.writeHead(200).end(FEED), 2000));
  routes.set("/slow-body", (_request, response) => {
    response.writeHead(200);
    response.write("<rss>");
    setTimeout(() => response.end("</rss>"), 2000);
  });
  routes.set("/big-declared", (_request, response) => {
    response.writeHead(200, { "content-length": String(2048) }).end("x".repeat(2048));
  });
  routes.set("/big-chunked", (_request, response) => {
    response.writeHead(200);
    for (let i = 0; i < 8; i++) response.write("x".repeat(512));
    response.end();
  });
  routes.set("/gzip", (request, response) => {
    const accepts = String(request.headers["accept-encoding"]);
    if (!accepts.includes("gzip")) return void response.writeHead(200).end(FEED);
    response.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(FEED));
  });
  routes.set("/gzip-bomb", (_request, response) => {
    response.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync("x".repeat(64 * 1024)));
  });
  routes.set("/gone", (_request, response) => void response.writeHead(410, "Gone").end());
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("fetchFeed", () => {
  it("fetches a feed and returns its validators", async () => {
    const result = await fetchFeed(`${base}/feed`);
    expect(result).toMatchObject({
      kind: "fetched",
      etag: '"v1"',
      lastModified: "Sun, 22 Nov 2026 08:00:00 GMT",
    });
    if (result.kind === "fetched") expect(Buffer.from(result.bytes).toString()).toBe(FEED);
  });

  it("asks conditionally and reports 304 as not modified", async () => {
    await expect(fetchFeed(`${base}/feed`, { etag: '"v1"' })).resolves.toMatchObject({
      kind: "not-modified",
    });
    await expect(
      fetchFeed(`${base}/since`, { lastModified: "Sun, 22 Nov 2026 08:00:00 GMT" }),
    ).resolves.toMatchObject({ kind: "not-modified" });
  });

  it("follows up to five redirects and reports the final address", async () => {
    const result = await fetchFeed(`${base}/hop/2`);
    expect(result).toMatchObject({ kind: "fetched", url: `${base}/feed` });
  });

  it("stops after five redirects", async () => {
    await expect(fetchFeed(`${base}/hop/1`)).rejects.toThrow("redirected more than 5 times");
  });

  it("refuses redirects and addresses that are not http(s)", async () => {
    await expect(fetchFeed(`${base}/to-ftp`)).rejects.toThrow("Only http and https feeds");
    await expect(fetchFeed("file:///etc/passwd")).rejects.toThrow("Only http and https feeds");
    await expect(fetchFeed("not a url")).rejects.toThrow("is not a valid web address");
  });

  it("gives up when the server is slow to answer or to finish the body", async () => {
    await expect(fetchFeed(`${base}/slow`, { timeoutMs: 200 })).rejects.toThrow(
      "did not answer within 0.2 s",
    );
    await expect(fetchFeed(`${base}/slow-body`, { timeoutMs: 200 })).rejects.toThrow(FeedFetchError);
  });

  it("asks for gzip and reads it; the size cap counts the bytes after decompression", async () => {
    const result = await fetchFeed(`${base}/gzip`);
    if (result.kind === "fetched") expect(Buffer.from(result.bytes).toString()).toBe(FEED);
    else expect.unreachable();
    await expect(fetchFeed(`${base}/gzip-bomb`, { maxBytes: 1024 })).rejects.toThrow("is larger than");
  });

  it("refuses bodies over the size cap, declared or streamed", async () => {
    await expect(fetchFeed(`${base}/big-declared`, { maxBytes: 1024 })).rejects.toThrow("is larger than");
    await expect(fetchFeed(`${base}/big-chunked`, { maxBytes: 1024 })).rejects.toThrow("is larger than");
  });

  it("reports error statuses and unreachable servers in words", async () => {
    await expect(fetchFeed(`${base}/gone`)).rejects.toThrow("answered 410 Gone");
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(fetchFeed(`http://127.0.0.1:${port}/feed`)).rejects.toThrow(
      /could not be reached \(ECONNREFUSED\)/,
    );
  });
});

describe("fetchFeed refuses private addresses", () => {
  // 127.0.0.2 plays a public host: the guard is told so, and a resolver names it public.test.
  const PUBLIC = "127.0.0.2";
  const isForbidden = (address: string) => address !== PUBLIC && isForbiddenAddress(address);
  let publicServer: Server;
  let publicPort: number;
  const seen: Array<{ host: string | undefined; localAddress: string | undefined }> = [];

  beforeAll(async () => {
    publicServer = createServer((request, response) => {
      seen.push({ host: request.headers.host, localAddress: request.socket.localAddress });
      if (request.url === "/to-loopback") {
        return void response.writeHead(302, { location: `${base}/feed` }).end();
      }
      if (request.url === "/to-metadata") {
        return void response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      }
      response.writeHead(200, { "content-type": "application/rss+xml" }).end(FEED);
    });
    await new Promise<void>((resolve) => publicServer.listen(0, PUBLIC, resolve));
    publicPort = (publicServer.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => publicServer.close(() => resolve())));

  const lookups: string[] = [];
  const resolver = (answers: Record<string, string[]>) => async (hostname: string) => {
    lookups.push(hostname);
    return (answers[hostname] ?? []).map((address) => ({
      address,
      family: (address.includes(":") ? 6 : 4) as 4 | 6,
    }));
  };
  const strict = (answers: Record<string, string[]> = {}): FetchFeedOptions => ({
    allowPrivateAddresses: false,
    isForbidden,
    resolve: resolver({ "public.test": [PUBLIC], ...answers }),
  });

  it("fetches from a public host, connecting to the address it checked", async () => {
    seen.length = 0;
    const result = await fetchAny(`http://public.test:${publicPort}/feed`, strict());
    expect(result).toMatchObject({ kind: "fetched", url: `http://public.test:${publicPort}/feed` });
    expect(seen).toEqual([{ host: `public.test:${publicPort}`, localAddress: PUBLIC }]);
  });

  it("refuses a redirect from a public host to loopback or the metadata address", async () => {
    await expect(fetchAny(`http://public.test:${publicPort}/to-loopback`, strict())).rejects.toThrow(
      /refused: 127\.0\.0\.1 is a loopback, private or link-local address/,
    );
    await expect(fetchAny(`http://public.test:${publicPort}/to-metadata`, strict())).rejects.toThrow(
      /refused: 169\.254\.169\.254 /,
    );
  });

  it("refuses a host name that resolves to a private address, before connecting", async () => {
    for (const inside of ["127.0.0.1", "10.1.2.3", "192.168.0.10", "172.20.0.1", "::1", "fd00::1"]) {
      await expect(
        fetchAny("http://intranet.test/feed", strict({ "intranet.test": [inside] })),
      ).rejects.toThrow(`refused: intranet.test is a loopback, private or link-local address (${inside})`);
    }
    // One private answer among public ones refuses the host too.
    await expect(
      fetchAny(`http://mixed.test:${publicPort}/feed`, strict({ "mixed.test": [PUBLIC, "10.0.0.1"] })),
    ).rejects.toThrow(/refused: mixed\.test /);
  });

  it("resolves each hop once: a rebinding answer after the check is never asked for", async () => {
    lookups.length = 0;
    seen.length = 0;
    let calls = 0;
    const rebinding = async () => {
      calls += 1;
      return [{ address: calls === 1 ? PUBLIC : "127.0.0.1", family: 4 as const }];
    };
    const result = await fetchAny(`http://rebind.test:${publicPort}/feed`, {
      allowPrivateAddresses: false,
      isForbidden,
      resolve: rebinding,
    });
    expect(result.kind).toBe("fetched");
    expect(calls).toBe(1);
    expect(seen).toEqual([{ host: `rebind.test:${publicPort}`, localAddress: PUBLIC }]);
  });

  it("refuses address literals, including IPv4-mapped IPv6 forms, without asking DNS", async () => {
    lookups.length = 0;
    const port = new URL(base).port;
    for (const address of [
      base,
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://[::1]:${port}`,
      "http://169.254.169.254",
      "http://0.0.0.0",
      "http://[::]",
      "http://0x7f.1",
    ]) {
      await expect(fetchAny(`${address}/feed`, strict()), address).rejects.toThrow(/was refused: /);
    }
    expect(lookups).toEqual([]);
  });

  it("fetches from private addresses with ALLOW_PRIVATE_FEEDS", async () => {
    await expect(
      fetchAny(`${base}/feed`, { allowPrivateAddresses: true, resolve: resolver({}) }),
    ).resolves.toMatchObject({ kind: "fetched" });
    await expect(
      fetchAny(`http://public.test:${publicPort}/to-loopback`, {
        allowPrivateAddresses: true,
        resolve: resolver({ "public.test": [PUBLIC] }),
      }),
    ).resolves.toMatchObject({ kind: "fetched", url: `${base}/feed` });
  });
});

describe("isForbiddenAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "0.0.0.0",
    "100.64.0.1",
    "::1",
    "::",
    "fc00::1",
    "fdff:ffff::1",
    "fe80::1",
    "fe80::1%eth0",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "::127.0.0.1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  // Issue 31: the rest of IANA's special-purpose registries (none of it is the public internet).
  it.each([
    ["2002:7f00:1::1", "6to4 (2002::/16) carrying 127.0.0.1"],
    ["2002:c0a8:101::1", "6to4 carrying 192.168.1.1"],
    ["2002:a9fe:a9fe::", "6to4 carrying the metadata address"],
    ["2002:808:808::1", "6to4 even carrying a public address (deprecated, RFC 7526)"],
    ["64:ff9b:1::1", "local-use NAT64 (64:ff9b:1::/48)"],
    ["64:ff9b:1:fffe::808:808", "local-use NAT64, however it is filled"],
    ["64:ff9b::10.0.0.1", "well-known NAT64 carrying 10.0.0.1"],
    ["64:ff9b::7f00:1", "well-known NAT64 carrying 127.0.0.1, in hex"],
    ["64:ff9b::c0a8:1", "well-known NAT64 carrying 192.168.0.1"],
    ["0:0:0:0:0:ffff:127.0.0.1", "IPv4-mapped, written out"],
    ["::FFFF:A9FE:A9FE", "IPv4-mapped, in capitals"],
    ["::ffff:0:7f00:1", "IPv4-translated (::ffff:0:0:0/96)"],
    ["::ffff:0:808:808", "IPv4-translated, even for a public address"],
    ["::8.8.8.8", "IPv4-compatible (deprecated), even for a public address"],
    ["100::1", "discard-only (100::/64)"],
    ["100:0:0:1::1", "the dummy prefix (100:0:0:1::/64)"],
    ["2001::1", "Teredo (2001::/32)"],
    ["2001:2::1", "benchmarking (2001:2::/48)"],
    ["2001:10::1", "ORCHID (2001:10::/28)"],
    ["2001:db8::1", "documentation (2001:db8::/32)"],
    ["3fff::1", "documentation (3fff::/20)"],
    ["5f00::1", "segment routing (5f00::/16)"],
    ["192.0.2.1", "TEST-NET-1"],
    ["198.51.100.1", "TEST-NET-2"],
    ["203.0.113.1", "TEST-NET-3"],
    ["192.88.99.1", "the deprecated 6to4 relay anycast"],
    ["255.255.255.255", "the broadcast address"],
  ])("refuses %s: %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "2001:4860:4860::8888",
    "2a00:1450:4001:80b::200e",
    "64:ff9b::8.8.8.8",
    "64:ff9b::808:808",
    "2003::1",
  ])("allows %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});
