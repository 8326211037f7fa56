import { Announce, Create, Follow, Like, Note, Organization, PUBLIC_COLLECTION, Undo } from "@fedify/vocab";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { episodes, podcasts } from "../../db/schema";
import { type ClubOnLoopback, startClubOnLoopback } from "../../test/fediverse-fan/club-on-loopback";
import { type Delivery, type FanServer, startFanServer } from "../../test/fediverse-fan/fan-server";
import { withLoopbackHttps } from "../../test/fediverse-fan/loopback-https";
import {
  mastodonObjectProblems,
  mastodonStatusProblems,
} from "../../test/fediverse-fan/mastodon-status-check";
import { postSigned, postUnsigned } from "../../test/fediverse-fan/signed-delivery";
import { createTestDatabase } from "../../test/test-database";
import { showIdentifier } from "./accounts.repository";
import type { FederationHandle } from "./federation.routes";

const WAIT = { timeout: 20_000, interval: 100 };

/**
 * The proof that the club is followable from another server: a fan instance written with Fedify,
 * on its own loopback port, finds the club by WebFinger, follows a show, gets its new episode,
 * reacts, replies (the reply becomes a comment once approved) and unfollows; forged and blocked
 * deliveries change nothing.
 */
describe("a listener on another fediverse server follows a club show", () => {
  let club: ClubOnLoopback;
  let federation: FederationHandle;
  let fan: FanServer;
  let elsewhere: FanServer;
  let slug: string;
  let podcastId: number;
  let showActor: string;
  let followId: URL;
  let firstNote: Record<string, unknown>;
  let postId: number;

  const creates = (name: string) => fan.deliveriesTo(name).filter((d) => d.json.type === "Create");
  const announces = (name: string) => fan.deliveriesTo(name).filter((d) => d.json.type === "Announce");
  const accepts = (server: FanServer, name: string) =>
    server.deliveriesTo(name).filter((d) => d.json.type === "Accept");
  const objectOf = (delivery: Delivery) => delivery.json.object as Record<string, unknown>;

  async function newEpisode(guid: string, title: string) {
    await club.app.db.insert(episodes).values({
      podcastId,
      guid,
      title,
      description: "Late-night records from the club's own shelves.",
      audioUrl: `/media/podcasts/${slug}/${guid}.mp3`,
      durationSeconds: 1843,
      publishedAt: new Date(),
    });
    return federation.publishNow();
  }

  beforeAll(async () => {
    fan = await startFanServer({ people: ["fan", "neighbour", "mallory"] });
    elsewhere = await startFanServer({ people: ["stranger"], loopback: "::1" });
    club = await startClubOnLoopback(await createTestDatabase({ seed: true }));
    if (!club.app.federation) throw new Error("Federation is off.");
    federation = club.app.federation;
    const show = (await federation.repos.accounts.all()).find((account) => account.kind === "show");
    if (!show?.slug) throw new Error("The seed has no club show.");
    slug = show.slug;
    showActor = `${club.origin}/ap/actors/${showIdentifier(slug)}`;
    const [row] = await club.app.db.select().from(podcasts).where(eq(podcasts.slug, slug));
    if (!row) throw new Error(`No show ${slug}.`);
    podcastId = row.id;
    // The back catalogue is recorded without being sent (what turning federation on does).
    expect((await federation.publishNow()).baseline).toBe(true);
  }, 180_000);
  afterAll(async () => {
    await club?.close();
    await fan?.close();
    await elsewhere?.close();
  });

  it("finds @club and the show by WebFinger, follows the show, and is accepted", async () => {
    const host = new URL(club.origin).host;
    const ctx = fan.context();
    const [clubActor, showAccount] = await withLoopbackHttps([club.origin], async () => [
      await ctx.lookupObject(`@club@${host}`),
      await ctx.lookupObject(`@${slug}@${host}`),
    ]);
    expect(clubActor).toBeInstanceOf(Organization);
    expect(clubActor?.id?.href).toBe(`${club.origin}/ap/actors/club`);
    expect(showAccount).toBeInstanceOf(Organization);
    expect(showAccount?.id?.href).toBe(showActor);
    if (!(clubActor instanceof Organization) || !(showAccount instanceof Organization)) return;

    followId = new URL(`${fan.origin}/follows/fan-1`);
    await ctx.sendActivity(
      { identifier: "fan" },
      showAccount,
      new Follow({ id: followId, actor: fan.actorUri("fan"), object: showAccount.id }),
    );
    await ctx.sendActivity(
      { identifier: "neighbour" },
      clubActor,
      new Follow({
        id: new URL(`${fan.origin}/follows/neighbour-1`),
        actor: fan.actorUri("neighbour"),
        object: clubActor.id,
      }),
    );

    await vi.waitFor(() => expect(accepts(fan, "fan")).toHaveLength(1), WAIT);
    await vi.waitFor(() => expect(accepts(fan, "neighbour")).toHaveLength(1), WAIT);
    const accept = (accepts(fan, "fan")[0] as Delivery).json;
    expect(accept.actor).toBe(showActor);
    expect((accept.object as { id?: string }).id).toBe(followId.href);
    const followers = await federation.repos.followers.list([showIdentifier(slug)], 50, 0);
    expect(followers.map((row) => [row.actorId, row.state, row.handle])).toEqual([
      [fan.actorUri("fan").href, "accepted", `@fan@${new URL(fan.origin).hostname}`],
    ]);
  });

  it("gets the new episode from the show (a Note with its audio), and the club's boost of it", async () => {
    const summary = await newEpisode("fan-journey-1", "Night Drive, Part Two");
    expect(summary.created).toBe(1);
    await vi.waitFor(() => expect(creates("fan")).toHaveLength(1), WAIT);
    await vi.waitFor(() => expect(announces("neighbour")).toHaveLength(1), WAIT);

    const create = creates("fan")[0] as Delivery;
    expect(create.json.actor).toBe(showActor);
    expect(mastodonStatusProblems(create.json)).toEqual([]);
    firstNote = objectOf(create);
    expect(firstNote.type).toBe("Note");
    expect(firstNote.attributedTo).toBe(showActor);
    expect(firstNote.to).toBe(PUBLIC_COLLECTION.href);
    expect(firstNote.cc).toBe(`${showActor}/followers`);
    expect(String(firstNote.url)).toMatch(new RegExp(`^${club.origin}/podcasts/${slug}/\\d+$`));
    expect(String(firstNote.content)).toContain("Night Drive, Part Two");
    const attachments = firstNote.attachment as Record<string, unknown>[];
    const audio = attachments.find((item) => item.type === "Audio");
    expect(audio).toMatchObject({
      mediaType: "audio/mpeg",
      url: `${club.origin}/media/podcasts/${slug}/fan-journey-1.mp3`,
      duration: "PT1843S",
    });
    expect(attachments.some((item) => item.type === "Image" && item.mediaType === "image/png")).toBe(true);
    postId = Number(String(firstNote.id).split("/").at(-1));

    const boost = announces("neighbour")[0]?.json;
    expect(boost?.actor).toBe(`${club.origin}/ap/actors/club`);
    expect(boost?.object).toBe(firstNote.id);
    // Seeing a boost, Mastodon fetches the boosted post by its address: it must be showable too.
    const fetched = await fan.context().lookupObject(String(firstNote.id));
    expect(fetched).toBeInstanceOf(Note);
    const document = (await fetched?.toJsonLd()) as Record<string, unknown>;
    expect(mastodonObjectProblems(document)).toEqual([]);
  });

  it("counts the fan's like and boost of the post", async () => {
    const ctx = fan.context();
    const show = { id: new URL(showActor), inboxId: new URL(`${showActor}/inbox`) };
    const post = new URL(String(firstNote.id));
    await ctx.sendActivity(
      { identifier: "fan" },
      show,
      new Like({ id: new URL(`${fan.origin}/likes/1`), actor: fan.actorUri("fan"), object: post }),
    );
    await ctx.sendActivity(
      { identifier: "fan" },
      show,
      new Announce({
        id: new URL(`${fan.origin}/boosts/1`),
        actor: fan.actorUri("fan"),
        object: post,
        to: PUBLIC_COLLECTION,
      }),
    );
    await vi.waitFor(
      async () =>
        expect(await federation.repos.posts.reactionCounts(postId)).toEqual({ likes: 1, announces: 1 }),
      WAIT,
    );
  });

  it("turns the fan's reply into a comment held for moderation, shown once approved", async () => {
    const replyId = new URL(`${fan.origin}/notes/reply-1`);
    await fan.context().sendActivity(
      { identifier: "fan" },
      { id: new URL(showActor), inboxId: new URL(`${showActor}/inbox`) },
      new Create({
        id: new URL(`${replyId.href}/activity`),
        actor: fan.actorUri("fan"),
        to: PUBLIC_COLLECTION,
        object: new Note({
          id: replyId,
          attribution: fan.actorUri("fan"),
          to: PUBLIC_COLLECTION,
          replyTarget: new URL(String(firstNote.id)),
          content:
            '<p>What a set! The <b>second</b> track is on <a href="https://example.org/night-drive">example.org/night-drive</a><script>alert(1)</script></p>',
        }),
      }),
    );
    const pending = await vi.waitFor(async () => {
      const rows = await federation.repos.comments.inState("pending", 10, 0);
      const row = rows.find((comment) => comment.objectId === replyId.href);
      expect(row).toBeDefined();
      return row;
    }, WAIT);
    if (!pending) return;
    expect(pending.postId).toBe(postId);
    expect(pending.body).toEqual([
      [
        { text: "What a set! The second track is on " },
        { text: "example.org/night-drive", url: "https://example.org/night-drive" },
      ],
    ]);
    expect(await federation.repos.comments.approvedFor(postId)).toEqual([]);
    await federation.repos.comments.setState(pending.id, "approved");
    expect((await federation.repos.comments.approvedFor(postId)).map((row) => row.objectId)).toEqual([
      replyId.href,
    ]);
  });

  it("refuses unsigned, wrongly signed and impersonating deliveries, and changes nothing", async () => {
    const inbox = `${showActor}/inbox`;
    const like = (id: string, actor: string) => ({
      "@context": "https://www.w3.org/ns/activitystreams",
      id: `${fan.origin}/likes/${id}`,
      type: "Like",
      actor,
      object: firstNote.id,
    });
    const fanActor = fan.actorUri("fan").href;
    expect((await postUnsigned(inbox, like("unsigned", fanActor))).status).toBe(401);
    // The fan's key id, but mallory's private key: the signature does not verify.
    const forged = await postSigned(inbox, like("forged", fanActor), {
      keyId: new URL(`${fanActor}#main-key`),
      privateKey: fan.keys("mallory").rsa.privateKey,
    });
    expect(forged.status).toBe(401);
    // Mallory signs properly, but says the fan did it.
    const impersonating = await postSigned(inbox, like("impersonating", fanActor), {
      keyId: new URL(`${fan.actorUri("mallory").href}#main-key`),
      privateKey: fan.keys("mallory").rsa.privateKey,
    });
    expect(impersonating.status).toBe(401);
    expect(await federation.repos.posts.reactionCounts(postId)).toEqual({ likes: 1, announces: 1 });
  });

  it("stops sending to the fan after Undo(Follow), while the club's followers still get the boost", async () => {
    const show = { id: new URL(showActor), inboxId: new URL(`${showActor}/inbox`) };
    await fan.context().sendActivity(
      { identifier: "fan" },
      show,
      new Undo({
        id: new URL(`${followId.href}/undo`),
        actor: fan.actorUri("fan"),
        object: new Follow({ id: followId, actor: fan.actorUri("fan"), object: show.id }),
      }),
    );
    await vi.waitFor(
      async () => expect(await federation.repos.followers.acceptedCount(showIdentifier(slug))).toBe(0),
      WAIT,
    );
    expect((await newEpisode("fan-journey-2", "Night Drive, Part Three")).created).toBe(1);
    // The neighbour follows the club: the boost of the new episode reaching them shows it went out.
    await vi.waitFor(() => expect(announces("neighbour")).toHaveLength(2), WAIT);
    expect(creates("fan")).toHaveLength(1);
  });

  it("ignores a Follow from a blocked instance, without so much as reading its key", async () => {
    const strangerHost = new URL(elsewhere.origin).hostname;
    await federation.repos.blocks.block("instance", strangerHost);
    const readsBefore = elsewhere.reads.length;
    const ctx = elsewhere.context();
    const follow = new Follow({
      id: new URL(`${elsewhere.origin}/follows/stranger-1`),
      actor: elsewhere.actorUri("stranger"),
      object: new URL(showActor),
    });
    await ctx.sendActivity(
      { identifier: "stranger" },
      { id: new URL(showActor), inboxId: new URL(`${showActor}/inbox`) },
      follow,
    );
    // The club deals with its inbox in order: once the neighbour's like, sent after, is counted,
    // the stranger's Follow has been dealt with too.
    await fan.context().sendActivity(
      { identifier: "neighbour" },
      { id: new URL(showActor), inboxId: new URL(`${showActor}/inbox`) },
      new Like({
        id: new URL(`${fan.origin}/likes/neighbour-1`),
        actor: fan.actorUri("neighbour"),
        object: new URL(String(firstNote.id)),
      }),
    );
    await vi.waitFor(
      async () =>
        expect(await federation.repos.posts.reactionCounts(postId)).toEqual({ likes: 2, announces: 1 }),
      WAIT,
    );
    expect(await federation.repos.followers.list([showIdentifier(slug)], 50, 0)).toEqual([]);
    expect(accepts(elsewhere, "stranger")).toEqual([]);
    expect(elsewhere.reads.slice(readsBefore)).toEqual([]);
  });

  it("delivered, all told, exactly what each person's follows call for", () => {
    const tally = (server: FanServer) => {
      const counts: Record<string, Record<string, number>> = {};
      for (const { path, json } of server.deliveries) {
        const byType = counts[path] ?? {};
        byType[json.type] = (byType[json.type] ?? 0) + 1;
        counts[path] = byType;
      }
      return counts;
    };
    expect(tally(fan)).toEqual({
      // The show's follower: the Accept and the first episode (the second came after the Undo).
      "/users/fan/inbox": { Accept: 1, Create: 1 },
      // The club's follower: the Accept and the club's boost of each episode.
      "/users/neighbour/inbox": { Accept: 1, Announce: 2 },
    });
    expect(tally(elsewhere)).toEqual({});
  });
});
