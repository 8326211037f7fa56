import { generateCryptoKeyPair } from "@fedify/fedify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ClubOnLoopback, startClubOnLoopback } from "../../test/fediverse-fan/club-on-loopback";
import { type FanServer, startFanServer } from "../../test/fediverse-fan/fan-server";
import {
  asReplyTo,
  type Json,
  RECORDED_ACTOR,
  type Recording,
  recordedActor,
  recording,
} from "../../test/fediverse-fan/mastodon-recordings";
import { mastodonStatusProblems } from "../../test/fediverse-fan/mastodon-status-check";
import { postSigned } from "../../test/fediverse-fan/signed-delivery";
import { createTestDatabase } from "../../test/test-database";
import { showIdentifier } from "./accounts.repository";
import type { FederationHandle } from "./federation.routes";
import { createActivity } from "./post-objects";
import type { PostRow } from "./posts.repository";

const WAIT = { timeout: 20_000, interval: 100 };

async function pemOf(key: Parameters<typeof crypto.subtle.exportKey>[1]): Promise<string> {
  const der = Buffer.from(await crypto.subtle.exportKey("spki", key)).toString("base64");
  return `-----BEGIN PUBLIC KEY-----\n${der.match(/.{1,64}/g)?.join("\n")}\n-----END PUBLIC KEY-----\n`;
}

/**
 * What real Mastodon servers send is accepted as Mastodon sends it: a recorded actor follows a
 * show, its reply (mention markup, link markup, a custom emoji) becomes a comment of text and
 * links, its edit and its Delete are applied, its Undo ends the follow. And what the club sends
 * is what Mastodon needs to show a status.
 */
describe("recorded Mastodon payloads", () => {
  let club: ClubOnLoopback;
  let federation: FederationHandle;
  let remote: FanServer;
  let keys: Awaited<ReturnType<typeof generateCryptoKeyPair>>;
  let account: string;
  let accountKey: string;
  let handle: string;
  let actorId: string;
  let postUri: string;
  let postId: number;

  const load = (name: Recording) => recording(name, { remote: remote.origin, account, handle });
  const deliver = (activity: Json) =>
    postSigned(`${account}/inbox`, activity, {
      keyId: new URL(`${actorId}#main-key`),
      privateKey: keys.privateKey,
    });
  const commentsOf = async () =>
    (await federation.repos.comments.inState("pending", 50, 0)).filter((row) => row.actorId === actorId);

  beforeAll(async () => {
    remote = await startFanServer({ people: [] });
    keys = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
    actorId = `${remote.origin}/users/${RECORDED_ACTOR}`;
    remote.serveDocument(
      `/users/${RECORDED_ACTOR}`,
      recordedActor(remote.origin, await pemOf(keys.publicKey)),
      `/users/${RECORDED_ACTOR}/inbox`,
    );
    club = await startClubOnLoopback(await createTestDatabase({ seed: true }));
    if (!club.app.federation) throw new Error("Federation is off.");
    federation = club.app.federation;
    const show = (await federation.repos.accounts.all()).find((item) => item.kind === "show");
    if (!show?.slug) throw new Error("The seed has no club show.");
    accountKey = showIdentifier(show.slug);
    account = `${club.origin}/ap/actors/${accountKey}`;
    handle = `@${show.slug}@${new URL(club.origin).host}`;
    await federation.publishNow();
    const post = (await federation.repos.posts.all()).find((row) => row.accountKey === accountKey);
    if (!post) throw new Error("The show has no post.");
    postId = post.id;
    postUri = `${club.origin}/ap/notes/${post.id}`;
  }, 180_000);
  afterAll(async () => {
    await club?.close();
    await remote?.close();
  });

  it("accepts the recorded Follow from the recorded actor, and answers it with an Accept", async () => {
    const follow = load("follow");
    expect((await deliver(follow)).status).toBe(202);
    await vi.waitFor(async () => {
      const rows = await federation.repos.followers.list([accountKey], 50, 0);
      expect(rows.map((row) => [row.actorId, row.state, row.name])).toEqual([
        [actorId, "accepted", "Eugen Rochko"],
      ]);
    }, WAIT);
    await vi.waitFor(
      () => expect(remote.deliveriesTo(`/users/${RECORDED_ACTOR}/inbox`)).toHaveLength(1),
      WAIT,
    );
    const accept = remote.deliveriesTo(`/users/${RECORDED_ACTOR}/inbox`)[0]?.json as Json;
    expect(accept.type).toBe("Accept");
    expect(accept.object.id).toBe(follow.id);
  });

  it("keeps a recorded reply's words and links as a comment, without its HTML", async () => {
    // The recording as it came (a mention of the show, not a reply): nothing to comment on. Its
    // status number is changed, the reply below being that status (the club would otherwise take
    // the reply for a repeated delivery of the same activity, and drop it).
    const mention = JSON.parse(
      JSON.stringify(load("create-note")).replaceAll("117074505985336997", "117074505985336990"),
    );
    expect((await deliver(mention)).status).toBe(202);
    // Followers-only: not public, so never shown under a public page.
    const privateReply = asReplyTo(load("create-note"), postUri, remote.origin);
    privateReply.id = `${privateReply.id}-private`;
    privateReply.object.id = `${privateReply.object.id}0`;
    privateReply.to = privateReply.object.to = [`${actorId}/followers`];
    privateReply.cc = privateReply.object.cc = [account];
    expect((await deliver(privateReply)).status).toBe(202);
    const reply = asReplyTo(load("create-note"), postUri, remote.origin);
    expect((await deliver(reply)).status).toBe(202);

    // The club deals with its inbox in order: once the reply is a comment, the two before it were dealt with.
    const [comment] = await vi.waitFor(async () => {
      const rows = await commentsOf();
      expect(rows.some((row) => row.objectId === reply.object.id)).toBe(true);
      return rows;
    }, WAIT);
    expect((await commentsOf()).map((row) => row.objectId)).toEqual([reply.object.id]);
    expect(comment?.postId).toBe(postId);
    expect(comment?.handle).toBe(`@${RECORDED_ACTOR}@${new URL(remote.origin).hostname}`);
    expect(comment?.url).toBe(`${remote.origin}/@alice/117074505985336997`);
    const text = JSON.stringify(comment?.body);
    expect(text).not.toMatch(/[<>]|h-card|invisible/);
    // Comments keep https links only: the mention of the show (an http address on loopback) is text.
    expect(comment?.body).toEqual([
      [
        { text: "@test test Loved this episode :blobcat: see you at " },
        { text: "https://example.org/vinyl-night", url: "https://example.org/vinyl-night" },
      ],
    ]);
  });

  it("applies the recorded edit (the comment goes back to moderation) and the recorded Delete", async () => {
    const [comment] = await commentsOf();
    if (!comment) throw new Error("No comment.");
    await federation.repos.comments.setState(comment.id, "approved");
    const edit = asReplyTo(load("update-note"), postUri, remote.origin);
    expect((await deliver(edit)).status).toBe(202);
    await vi.waitFor(async () => {
      const row = await federation.repos.comments.byId(comment.id);
      expect(row?.state).toBe("pending");
      expect(JSON.stringify(row?.body)).toContain("test2 Loved this episode");
    }, WAIT);

    expect((await deliver(load("delete-note"))).status).toBe(202);
    await vi.waitFor(
      async () => expect(await federation.repos.comments.byId(comment.id)).toBeUndefined(),
      WAIT,
    );
  });

  it("ends the follow on the recorded Undo(Follow)", async () => {
    expect((await deliver(load("undo-follow"))).status).toBe(202);
    await vi.waitFor(
      async () => expect(await federation.repos.followers.acceptedCount(accountKey)).toBe(0),
      WAIT,
    );
  });

  it("sends posts Mastodon shows: an episode's Note, a playlist's Note, an issue's Article", async () => {
    const ctx = federation.context();
    const posts = await federation.repos.posts.all();
    const episode = posts.find((post) => post.subjectKind === "episode");
    const playlist = posts.find((post) => post.subjectKind === "playlist");
    expect(episode && playlist).toBeTruthy();
    // The seed sends no newsletter issue: an issue's post as the publisher makes it (subjects.ts).
    const issue: PostRow = {
      id: 999_999,
      accountKey: "club",
      subjectKind: "issue",
      subjectId: 1,
      digest: "",
      publishedAt: new Date("2026-05-01T08:00:00Z"),
      updatedAt: null,
      deletedAt: null,
      announced: true,
      object: {
        type: "Article",
        name: "Issue 12: summer records",
        summary: "Twelve records for the long evenings.",
        html: `<p>Twelve records for the long evenings.</p><p><a href="${club.origin}/newsletter/issue-12">Read the issue</a></p>`,
        url: `${club.origin}/newsletter/issue-12`,
        attachments: [],
      },
    };
    for (const post of [episode, playlist, issue]) {
      if (!post) continue;
      const json = (await createActivity(ctx, post).toJsonLd({ format: "compact" })) as Json;
      expect({ kind: post.subjectKind, problems: mastodonStatusProblems(json) }).toEqual({
        kind: post.subjectKind,
        problems: [],
      });
    }
  });
});
