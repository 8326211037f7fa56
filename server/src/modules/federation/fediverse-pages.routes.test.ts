import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_SHOWS } from "../../test/seed-podcasts";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { FederationHandle } from "./federation.routes";
import { signerHost } from "./inbox-rate-limit";

const PUBLIC_URL = "https://club.test";
const HOST = { host: "club.test" };

describe("the fediverse on the pages (federation on)", () => {
  let t: TestApp;
  let federation: FederationHandle;
  let slug: string;
  let episodeId: number;
  let postId: number;

  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: { PUBLIC_URL, ALLOWED_HOSTS: "club.test", FEDERATION_INBOX_PER_MINUTE: "3" },
    });
    if (!t.app.federation) throw new Error("federation is off");
    federation = t.app.federation;
    await federation.publishNow();
    const post = (await federation.repos.posts.all()).find((row) => row.subjectKind === "episode");
    if (!post) throw new Error("no episode was posted");
    const show = await federation.repos.accounts.byIdentifier(post.accountKey);
    slug = show?.slug ?? "";
    episodeId = post.subjectId;
    postId = post.id;
    const reply = (n: number) => ({
      objectId: `https://fans.example/notes/${n}`,
      postId,
      actorId: "https://fans.example/users/ana",
      handle: "@ana@fans.example",
      name: "Ana",
      profileUrl: "https://fans.example/@ana",
      instance: "fans.example",
      body: [[{ text: `Reply ${n}, see ` }, { text: "this", url: "https://example.org/x" }]],
      url: `https://fans.example/@ana/${n}`,
      publishedAt: new Date(Date.UTC(2026, 0, n)),
    });
    const approved = await federation.repos.comments.upsert(reply(1));
    await federation.repos.comments.upsert(reply(2));
    if (approved) await federation.repos.comments.setState(approved.id, "approved");
    await federation.repos.posts.addReaction(
      postId,
      "like",
      "https://fans.example/likes/1",
      "https://fans.example/users/ana",
    );
    await federation.repos.posts.addReaction(
      postId,
      "announce",
      "https://fans.example/boosts/1",
      "https://fans.example/users/ana",
    );
    await federation.repos.posts.addReaction(
      postId,
      "like",
      "https://other.example/likes/1",
      "https://other.example/users/bo",
    );
  });
  afterAll(async () => t?.close());

  it("names the club's account and a club show's, and no account for any other show", async () => {
    const club = await t.app.inject({ url: "/api/fediverse/account", headers: HOST });
    expect(club.statusCode).toBe(200);
    expect(club.json()).toEqual({ account: { handle: "@club@club.test", pageUrl: `${PUBLIC_URL}/` } });
    const show = await t.app.inject({ url: `/api/fediverse/account?show=${slug}`, headers: HOST });
    expect(show.json()).toEqual({
      account: { handle: `@${slug}@club.test`, pageUrl: `${PUBLIC_URL}/podcasts/${slug}` },
    });
    const unknown = await t.app.inject({ url: "/api/fediverse/account?show=no-such-show", headers: HOST });
    expect(unknown.json()).toEqual({ account: null });
    const empty = await t.app.inject({ url: "/api/fediverse/account?show=", headers: HOST });
    expect(empty.statusCode).toBe(400);
  });

  it("gives an episode's post, its like and boost counts, and only its approved replies", async () => {
    const answer = await t.app.inject({
      url: `/api/fediverse/replies?kind=episode&id=${episodeId}`,
      headers: HOST,
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.post).toEqual({
      url: `${PUBLIC_URL}/ap/notes/${postId}`,
      handle: `@${slug}@club.test`,
      likes: 2,
      boosts: 1,
    });
    expect(body.replies).toHaveLength(1);
    expect(body.replies[0]).toMatchObject({
      name: "Ana",
      handle: "@ana@fans.example",
      profileUrl: "https://fans.example/@ana",
      url: "https://fans.example/@ana/1",
      publishedAt: "2026-01-01T00:00:00.000Z",
      body: [[{ text: "Reply 1, see " }, { text: "this", url: "https://example.org/x" }]],
    });
  });

  it("answers no post for what was never posted, and 400 for a kind it does not know", async () => {
    for (const query of ["kind=episode&id=99999999", "kind=issue&id=no-such-issue", "kind=playlist&id=abc"]) {
      const answer = await t.app.inject({ url: `/api/fediverse/replies?${query}`, headers: HOST });
      expect(answer.statusCode, query).toBe(200);
      expect(answer.json(), query).toEqual({ post: null, replies: [] });
    }
    const bad = await t.app.inject({ url: "/api/fediverse/replies?kind=release&id=1", headers: HOST });
    expect(bad.statusCode).toBe(400);
    const missing = await t.app.inject({ url: "/api/fediverse/replies?kind=episode", headers: HOST });
    expect(missing.statusCode).toBe(400);
  });

  it("points each posted episode of a club show's feed at its post (podcast:socialInteract)", async () => {
    const feed = await t.app.inject({ url: `/podcasts/${slug}/feed.xml`, headers: HOST });
    expect(feed.statusCode).toBe(200);
    const item = [...feed.body.matchAll(/<item>[\s\S]*?<\/item>/g)]
      .map(([xml]) => xml)
      .find((xml) => xml.includes(`/podcasts/${slug}/${episodeId}</link>`));
    expect(item).toContain(
      `<podcast:socialInteract protocol="activitypub" uri="${PUBLIC_URL}/ap/notes/${postId}" accountId="@${slug}@club.test" accountUrl="${PUBLIC_URL}/podcasts/${slug}"/>`,
    );
    const tags = feed.body.match(/<podcast:socialInteract /g) ?? [];
    const posted = (await federation.repos.posts.all()).filter(
      (row) => row.accountKey === `show-${slug}` && row.subjectKind === "episode" && !row.deletedAt,
    );
    expect(tags).toHaveLength(posted.length);
  });

  it("leads a remote follow without script to the instance's authorize_interaction page only", async () => {
    const good = await t.app.inject({
      url: `/fediverse/follow?show=${slug}&instance=${encodeURIComponent(" https://Mastodon.Social/ ")}`,
      headers: HOST,
    });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain(
      `href="https://mastodon.social/authorize_interaction?uri=acct%3A${slug}%40club.test"`,
    );
    const club = await t.app.inject({ url: "/fediverse/follow?instance=social.example.org", headers: HOST });
    expect(club.body).toContain(
      "https://social.example.org/authorize_interaction?uri=acct%3Aclub%40club.test",
    );
    for (const instance of [
      "evil.example/steal?x=",
      "javascript:alert(1)",
      "@me@mastodon.social",
      "localhost",
      "",
    ]) {
      const bad = await t.app.inject({
        url: `/fediverse/follow?instance=${encodeURIComponent(instance)}`,
        headers: HOST,
      });
      expect(bad.statusCode, instance).toBe(400);
      expect(bad.body, instance).not.toContain("authorize_interaction");
      expect(bad.body, instance).toContain("like mastodon.social");
    }
    const kept = await t.app.inject({ url: "/fediverse/follow?instance=%22%3E%3Cb%3Ex", headers: HOST });
    expect(kept.body).toContain('value="&quot;&gt;&lt;b&gt;x"');
    const unknown = await t.app.inject({
      url: "/fediverse/follow?show=nope&instance=a.example",
      headers: HOST,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("limits inbox deliveries per instance: 429 with Retry-After over the limit, other instances unaffected", async () => {
    const deliver = (keyHost: string) =>
      t.app.inject({
        method: "POST",
        url: "/ap/inbox",
        headers: {
          ...HOST,
          "content-type": "application/activity+json",
          signature: `keyId="https://${keyHost}/users/x#main-key",algorithm="rsa-sha256",headers="(request-target) host date",signature="AAAA"`,
        },
        payload: JSON.stringify({ type: "Like" }),
      });
    for (let n = 0; n < 3; n++) expect((await deliver("noisy.example")).statusCode).not.toBe(429);
    const over = await deliver("noisy.example");
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect((await deliver("quiet.example")).statusCode).not.toBe(429);
    // Reads are not counted.
    const actor = await t.app.inject({
      url: "/ap/actors/club",
      headers: { ...HOST, accept: "application/activity+json" },
    });
    expect(actor.statusCode).toBe(200);
  });
});

describe("signerHost", () => {
  it("reads the key's host from a draft-cavage Signature or an RFC 9421 Signature-Input", () => {
    expect(signerHost({ signature: 'keyId="https://Mastodon.Social/users/a#main-key",signature="x"' })).toBe(
      "mastodon.social",
    );
    expect(
      signerHost({
        "signature-input": 'sig1=("@method" "@target-uri");created=1;keyid="https://b.example:8443/k"',
      }),
    ).toBe("b.example:8443");
    expect(signerHost({})).toBeNull();
    expect(signerHost({ signature: 'keyId="not a url"' })).toBeNull();
  });
});

describe("the fediverse on the pages (federation off)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { PUBLIC_URL: "http://localhost:3000" } });
  });
  afterAll(async () => t?.close());

  it("shows no account, no replies, no remote follow and no feed tag", async () => {
    expect(t.app.federation).toBeNull();
    expect((await t.app.inject({ url: "/api/fediverse/account" })).json()).toEqual({ account: null });
    expect((await t.app.inject({ url: "/api/fediverse/replies?kind=episode&id=1" })).json()).toEqual({
      post: null,
      replies: [],
    });
    expect((await t.app.inject({ url: "/fediverse/follow?instance=mastodon.social" })).statusCode).toBe(404);
    const feed = await t.app.inject({ url: `/podcasts/${SEED_SHOWS[0]}/feed.xml` });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain("<item>");
    expect(feed.body).not.toContain("socialInteract");
  });
});
