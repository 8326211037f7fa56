import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FeedFetchError, fetchFeed } from "./fetch-feed";

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
