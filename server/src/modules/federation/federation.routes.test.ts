import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

const PUBLIC_URL = "https://club.test";
const AP = { accept: "application/activity+json" };

describe("the club on the fediverse", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { PUBLIC_URL, ALLOWED_HOSTS: "club.test" } });
  });
  afterAll(async () => t?.close());

  it("finds the club by WebFinger, and its actor has keys, followers, outbox and links", async () => {
    const finger = await t.app.inject({
      url: `/.well-known/webfinger?resource=acct:club@club.test`,
      headers: { host: "club.test" },
    });
    expect(finger.statusCode).toBe(200);
    const self = finger.json().links.find((link: { rel: string }) => link.rel === "self");
    expect(self.href).toBe(`${PUBLIC_URL}/ap/actors/club`);
    const actor = await t.app.inject({ url: "/ap/actors/club", headers: { ...AP, host: "club.test" } });
    expect(actor.statusCode).toBe(200);
    const body = actor.json();
    expect(body.type).toBe("Organization");
    expect(body.preferredUsername).toBe("club");
    expect(body.publicKey.publicKeyPem).toContain("BEGIN PUBLIC KEY");
    expect(body.followers).toBe(`${PUBLIC_URL}/ap/actors/club/followers`);
    expect(body.url).toBe(`${PUBLIC_URL}/`);
  });

  it("records the back catalogue on the first run without sending, and serves the outbox", async () => {
    const summary = await t.app.federation?.publishNow();
    expect(summary?.baseline).toBe(true);
    const again = await t.app.federation?.publishNow();
    expect(again).toEqual({ created: 0, updated: 0, deleted: 0, baseline: false });
    const accounts = await t.app.federation?.repos.accounts.all();
    const show = accounts?.find((account) => account.kind === "show");
    expect(show).toBeDefined();
    const outbox = await t.app.inject({
      url: `/ap/actors/${show?.identifier}/outbox?cursor=`,
      headers: { ...AP, host: "club.test" },
    });
    expect(outbox.statusCode).toBe(200);
    const first = outbox.json().orderedItems[0];
    expect(first.type).toBe("Create");
    expect(first.object.type).toBe("Note");
    expect(first.object.attachment.some((item: { type: string }) => item.type === "Audio")).toBe(true);
    const page = await t.app.inject({
      url: `/podcasts/${show?.slug}`,
      headers: { ...AP, host: "club.test" },
    });
    expect(page.json().id).toBe(`${PUBLIC_URL}/ap/actors/${show?.identifier}`);
    const html = await t.app.inject({
      url: `/podcasts/${show?.slug}`,
      headers: { accept: "text/html", host: "club.test" },
    });
    expect(html.headers["content-type"]).toContain("text/html");
  });

  it("answers NodeInfo and host-meta", async () => {
    const links = await t.app.inject({ url: "/.well-known/nodeinfo", headers: { host: "club.test" } });
    expect(links.statusCode).toBe(200);
    const info = await t.app.inject({ url: "/nodeinfo/2.1", headers: { host: "club.test" } });
    expect(info.json().protocols).toEqual(["activitypub"]);
    const meta = await t.app.inject({ url: "/.well-known/host-meta", headers: { host: "club.test" } });
    expect(meta.body).toContain("/.well-known/webfinger?resource={uri}");
  });
});

describe("with federation off", () => {
  let t: TestApp;
  beforeAll(async () => {
    // An http PUBLIC_URL (the test default) leaves federation off unless FEDERATION=on.
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => t?.close());

  it("has no account, no WebFinger, no NodeInfo, and pages stay pages", async () => {
    expect(t.app.federation).toBeNull();
    for (const url of [
      "/.well-known/webfinger?resource=acct:club@127.0.0.1",
      "/ap/actors/club",
      "/nodeinfo/2.1",
    ]) {
      const answer = await t.app.inject({ url, headers: AP });
      expect(answer.statusCode, url).toBe(404);
    }
    const page = await t.app.inject({ url: "/", headers: AP });
    expect(page.headers["content-type"]).not.toContain("activity+json");
  });
});
