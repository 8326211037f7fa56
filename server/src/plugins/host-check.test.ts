import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromSite } from "../test/same-origin";
import { createTestApp, type TestApp } from "../test/test-app";
import { testEngine } from "../test/test-database";
import { createHostMatcher, MISDIRECTED_MESSAGE } from "./host-check";

const yes = () => true;
const no = () => false;

describe("createHostMatcher", () => {
  const accepts = createHostMatcher({
    publicUrl: "https://Music.Example",
    allowedHosts: ["www.music.example", "admin.music.example:8443", "[2001:db8::1]"],
  });

  it("accepts PUBLIC_URL's host with or without its default port, in any case", () => {
    expect(accepts("music.example", no)).toBe(true);
    expect(accepts("MUSIC.example:443", no)).toBe(true);
    expect(accepts("music.example:8080", no)).toBe(false);
    expect(accepts("music.example.evil", no)).toBe(false);
    expect(accepts(undefined, no)).toBe(false);
  });

  it("accepts ALLOWED_HOSTS: a bare name on any port, host:port exactly", () => {
    expect(accepts("www.music.example:8080", no)).toBe(true);
    expect(accepts("admin.music.example:8443", no)).toBe(true);
    expect(accepts("admin.music.example", no)).toBe(false);
    expect(accepts("[2001:db8::1]:443", no)).toBe(true);
  });

  it("accepts loopback names from loopback connections only, unless PUBLIC_URL is unset", () => {
    expect(accepts("localhost:3000", yes)).toBe(true);
    expect(accepts("127.0.0.1:3000", yes)).toBe(true);
    expect(accepts("[::1]:3000", yes)).toBe(true);
    expect(accepts("localhost:3000", no)).toBe(false);
    const local = createHostMatcher({
      publicUrl: "http://127.0.0.1:3000",
      allowedHosts: [],
      loopbackFromAnywhere: true,
    });
    expect(local("localhost:3440", no)).toBe(true);
    expect(local("127.0.0.1:3000", no)).toBe(true);
    expect(local("rebind.attacker.example:3000", yes)).toBe(false);
  });
});

describe(`Host header check (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: "https://music.example", ALLOWED_HOSTS: "www.music.example" },
    });
  });
  afterAll(() => t?.close());

  const get = (url: string, host: string, remoteAddress = "198.51.100.4") =>
    t.app.inject({ url, headers: { host }, remoteAddress });

  it("answers the site's hosts", async () => {
    expect((await get("/api/genres", "music.example")).statusCode).toBe(200);
    expect((await get("/api/genres", "www.music.example")).statusCode).toBe(200);
    // The server's own machine may use loopback names (npm start, local tools, the e2e tests).
    expect((await get("/api/genres", "localhost:3000", "127.0.0.1")).statusCode).toBe(200);
  });

  it("answers 421 with a JSON error for any other host, pages and API alike", async () => {
    for (const url of ["/api/genres", "/", "/genres", "/api/nothing-here"]) {
      const response = await get(url, "rebind.attacker.example");
      expect(response.statusCode, url).toBe(421);
      expect(response.json()).toEqual({ error: MISDIRECTED_MESSAGE });
      expect(response.headers["cache-control"]).toBe("no-store");
    }
    expect((await get("/api/genres", "localhost")).statusCode).toBe(421);
    const post = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: fromSite({ host: "other.example" }),
      payload: { email: "a@b.example", agreeToTerms: true },
      remoteAddress: "198.51.100.4",
    });
    expect(post.statusCode).toBe(421);
  });

  it("answers /api/health whatever the Host, for load balancers", async () => {
    for (const host of ["10.0.0.7:3001", "rebind.attacker.example"]) {
      const response = await get("/api/health", host);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: "ok" });
    }
    expect((await get("/api/health?probe=1", "10.0.0.7")).statusCode).toBe(200);
    expect((await get("/api/healthz", "10.0.0.7")).statusCode).toBe(421);
  });
});

describe(`Host header check without PUBLIC_URL (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("accepts loopback names from anywhere (a local server) and nothing else", async () => {
    const get = (host: string) =>
      t.app.inject({ url: "/api/genres", headers: { host }, remoteAddress: "192.0.2.8" });
    expect((await get("localhost:3000")).statusCode).toBe(200);
    expect((await get("127.0.0.1:3000")).statusCode).toBe(200);
    expect((await get("127.0.0.1:4000")).statusCode).toBe(200);
    expect((await get("music.example")).statusCode).toBe(421);
  });
});
