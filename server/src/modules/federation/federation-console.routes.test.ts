import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { FEDERATION_OFF_MESSAGE } from "@waveform/contracts/fediverse-console";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleCookie, consoleWriteHeaders } from "../../test/console-session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";

const PUBLIC_URL = "https://club.test";

/**
 * A remote server's inbox on loopback: what it was sent, answering `status` (settable), after
 * `answering` when one is set (a slow server: its deliveries wait meanwhile).
 */
async function fakeInbox() {
  const received: Array<{
    type: string;
    object?: { type?: string; id?: string; preferredUsername?: string };
  }> = [];
  const state: { status: number; answering?: Promise<void> } = { status: 202 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      await state.answering;
      if (state.status < 300) received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      response.statusCode = state.status;
      response.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    state,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe(`the console's fediverse section with FEDERATION off, on ${testEngine}`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await consoleCookie(t.app, "admin");
  });
  afterAll(() => t.close());

  it("says it is off and how to turn it on; the rest answers 404 with the same words", async () => {
    const overview = await t.app.inject({ url: "/api/admin/fediverse", headers: { cookie: admin } });
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toEqual({ enabled: false, message: FEDERATION_OFF_MESSAGE });
    expect(FEDERATION_OFF_MESSAGE).toContain("FEDERATION=on");
    const followers = await t.app.inject({
      url: "/api/admin/fediverse/followers?account=club",
      headers: { cookie: admin },
    });
    expect(followers.statusCode).toBe(404);
    expect(followers.json().error).toBe(FEDERATION_OFF_MESSAGE);
    const block = await t.app.inject({
      method: "POST",
      url: "/api/admin/fediverse/blocks",
      headers: consoleWriteHeaders(admin),
      payload: { kind: "instance", value: "spam.example" },
    });
    expect(block.statusCode).toBe(404);
  });
});

describe(`the console's fediverse section, on ${testEngine}`, () => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let inbox: Awaited<ReturnType<typeof fakeInbox>>;
  let showIdentifier: string;
  let showSlug: string;
  beforeAll(async () => {
    inbox = await fakeInbox();
    t = await createTestApp({
      seed: true,
      env: { PUBLIC_URL, ALLOWED_HOSTS: "club.test", FEDERATION_ALLOW_PRIVATE_ADDRESSES: "true" },
    });
    admin = await consoleCookie(t.app, "admin");
    editor = await consoleCookie(t.app, "editor");
    const show = (await t.app.federation?.repos.accounts.all())?.find((account) => account.kind === "show");
    if (!show?.slug) throw new Error("the seed has no club show");
    showIdentifier = show.identifier;
    showSlug = show.slug;
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  const get = (url: string, cookie = admin) => t.app.inject({ url, headers: { cookie } });
  const write = (method: "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: consoleWriteHeaders(admin), ...(payload && { payload }) });
  const audit = async (entity: string) =>
    (await get(`/api/admin/activity?entity=${entity}`)).json().entries as Array<{
      action: string;
      entityId: string;
      actor: string;
    }>;
  let followers = 0;
  /** A follower from the fake inbox's server, as the inbox listener records one. */
  const follower = (account: string, state: "pending" | "accepted", host = inbox.origin) => {
    followers++;
    return t.app.federation?.repos.followers.add({
      accountKey: account,
      actorId: `${host}/users/fan${followers}`,
      handle: `@fan${followers}@${new URL(host).hostname}`,
      name: `Fan ${followers}`,
      inbox: `${host}/users/fan${followers}/inbox`,
      sharedInbox: null,
      followId: `${host}/follows/${followers}`,
      state,
    });
  };

  it("is for admins: 401 signed out, 403 for an editor", async () => {
    expect((await t.app.inject({ url: "/api/admin/fediverse" })).statusCode).toBe(401);
    expect((await get("/api/admin/fediverse", editor)).statusCode).toBe(403);
    const asEditor = await t.app.inject({
      method: "PUT",
      url: "/api/admin/fediverse/club-handle",
      headers: consoleWriteHeaders(editor),
      payload: { handle: "waveform" },
    });
    expect(asEditor.statusCode).toBe(403);
  });

  it("lists the club and its shows with no followers yet, uncached", async () => {
    const answer = await get("/api/admin/fediverse");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const body = answer.json();
    expect(body).toMatchObject({ enabled: true, host: "club.test", pendingComments: 0 });
    expect(body.accounts[0]).toEqual({
      identifier: "club",
      kind: "club",
      handle: "club",
      address: "@club@club.test",
      manuallyApproves: false,
      followers: 0,
      pending: 0,
    });
    expect(body.accounts.map((account: { identifier: string }) => account.identifier)).toContain(
      showIdentifier,
    );
    const none = await get("/api/admin/fediverse/followers?account=club");
    expect(none.json()).toEqual({ followers: [], total: 0, page: 1, pageSize: 50 });
  });

  it("refuses an account that is not one and a page that is not a number", async () => {
    expect((await get("/api/admin/fediverse/followers?account=../x")).statusCode).toBe(400);
    const unknown = await get("/api/admin/fediverse/followers?account=show-no-such-show");
    expect(unknown.statusCode).toBe(404);
    expect((await get("/api/admin/fediverse/followers?account=club&page=zero")).statusCode).toBe(400);
  });

  it("turns approval on for an account, recorded; a body without a yes or no is refused", async () => {
    const on = await write("PUT", `/api/admin/fediverse/accounts/${showIdentifier}/approval`, {
      manuallyApproves: true,
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().account).toMatchObject({ identifier: showIdentifier, manuallyApproves: true });
    const actor = await t.app.inject({
      url: `/ap/actors/${showIdentifier}`,
      headers: { accept: "application/activity+json", host: "club.test" },
    });
    expect(actor.json().manuallyApprovesFollowers).toBe(true);
    const bad = await write("PUT", `/api/admin/fediverse/accounts/${showIdentifier}/approval`, {
      manuallyApproves: "yes",
    });
    expect(bad.statusCode).toBe(400);
    const entries = await audit("fediverse-account");
    expect(entries[0]).toMatchObject({ action: "approval-on", entityId: showIdentifier });
  });

  it("approves a pending follow: accepted, the follower's server sent an Accept, recorded", async () => {
    const row = await follower(showIdentifier, "pending");
    await follower(showIdentifier, "accepted");
    const list = (await get(`/api/admin/fediverse/followers?account=${showIdentifier}`)).json();
    expect(list.total).toBe(2);
    expect(list.followers[0]).toMatchObject({ id: row?.id, state: "pending", name: "Fan 1" });
    const approved = await write("POST", `/api/admin/fediverse/followers/${row?.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().follower).toMatchObject({ state: "accepted", instance: "127.0.0.1" });
    await until(() => inbox.received.some((activity) => activity.type === "Accept"), "the Accept");
    const accept = inbox.received.find((activity) => activity.type === "Accept");
    expect(accept?.object).toMatchObject({ type: "Follow", id: row?.followId });
    const again = await write("POST", `/api/admin/fediverse/followers/${row?.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect((await write("POST", "/api/admin/fediverse/followers/999999/approve")).statusCode).toBe(404);
    expect((await write("POST", "/api/admin/fediverse/followers/x/approve")).statusCode).toBe(400);
    // Beyond the id column's range: names nothing, never sent to the database.
    const beyond = await write("POST", "/api/admin/fediverse/followers/2147483648/approve");
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().error).toBe("There is no such follower.");
    expect((await audit("fediverse-follower"))[0]).toMatchObject({ action: "approve" });
    const overview = (await get("/api/admin/fediverse")).json();
    const show = overview.accounts.find(
      (account: { identifier: string }) => account.identifier === showIdentifier,
    );
    expect(show).toMatchObject({ followers: 2, pending: 0 });
  });

  it("removes a follower: gone from the list, sent a Reject, recorded", async () => {
    const row = await follower("club", "accepted");
    const removed = await write("DELETE", `/api/admin/fediverse/followers/${row?.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ removed: true, state: "accepted" });
    await until(() => inbox.received.some((activity) => activity.type === "Reject"), "the Reject");
    expect((await get("/api/admin/fediverse/followers?account=club")).json().total).toBe(0);
    expect((await write("DELETE", `/api/admin/fediverse/followers/${row?.id}`)).statusCode).toBe(404);
    expect((await audit("fediverse-follower"))[0]).toMatchObject({ action: "remove" });
  });

  it("sets the club's handle (WebFinger answers to it, followers are sent the new profile), refusing a show's and a malformed one", async () => {
    await follower("club", "accepted");
    const set = await write("PUT", "/api/admin/fediverse/club-handle", { handle: " Waveform " });
    expect(set.statusCode).toBe(200);
    expect(set.json().account).toMatchObject({ handle: "waveform", address: "@waveform@club.test" });
    const updates = () =>
      inbox.received.filter(
        (activity) => activity.type === "Update" && activity.object?.type === "Organization",
      );
    await until(() => updates().length === 1, "the profile's Update");
    expect(updates()[0]?.object).toMatchObject({ preferredUsername: "waveform" });
    const finger = await t.app.inject({
      url: "/.well-known/webfinger?resource=acct:waveform@club.test",
      headers: { host: "club.test" },
    });
    expect(finger.statusCode).toBe(200);
    const taken = await write("PUT", "/api/admin/fediverse/club-handle", { handle: showSlug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toContain("choose another handle");
    const bad = await write("PUT", "/api/admin/fediverse/club-handle", { handle: "-no spaces-" });
    expect(bad.statusCode).toBe(400);
    expect((await get("/api/admin/fediverse")).json().accounts[0].handle).toBe("waveform");
    expect((await audit("fediverse-account"))[0]).toMatchObject({ action: "rename", entityId: "club" });
  });

  it("lists the moderation queue with what each reply answers, and approves one", async () => {
    expect((await get("/api/admin/fediverse/comments")).json().comments).toEqual([]);
    await t.app.federation?.publishNow();
    const post = (await t.app.federation?.repos.posts.all())?.find((row) => row.subjectKind === "episode");
    if (!post) throw new Error("no episode post");
    const comment = await t.app.federation?.repos.comments.upsert({
      objectId: `${inbox.origin}/notes/1`,
      postId: post.id,
      actorId: `${inbox.origin}/users/listener`,
      handle: "@listener@127.0.0.1",
      name: "Listener",
      profileUrl: null,
      instance: "127.0.0.1",
      body: [[{ text: "Loved it, see " }, { text: "this", url: "https://example.org/" }]],
      url: null,
      publishedAt: new Date("2026-11-20T10:00:00Z"),
    });
    const queue = (await get("/api/admin/fediverse/comments")).json();
    expect(queue.comments).toHaveLength(1);
    expect(queue.comments[0]).toMatchObject({
      id: comment?.id,
      state: "pending",
      handle: "@listener@127.0.0.1",
      body: [[{ text: "Loved it, see " }, { text: "this", url: "https://example.org/" }]],
      post: { kind: "episode", path: new URL(post.object.url).pathname },
    });
    expect(queue.comments[0].post.title.length).toBeGreaterThan(0);
    expect((await get("/api/admin/fediverse")).json().pendingComments).toBe(1);
    const approved = await write("PUT", `/api/admin/fediverse/comments/${comment?.id}/state`, {
      state: "approved",
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().comment.state).toBe("approved");
    expect((await get("/api/admin/fediverse/comments")).json().comments).toEqual([]);
    expect((await get("/api/admin/fediverse/comments?state=approved")).json().comments).toHaveLength(1);
    const bad = await write("PUT", `/api/admin/fediverse/comments/${comment?.id}/state`, {
      state: "pending",
    });
    expect(bad.statusCode).toBe(400);
    expect((await get("/api/admin/fediverse/comments?state=everything")).statusCode).toBe(400);
    const none = await write("PUT", "/api/admin/fediverse/comments/999999/state", { state: "hidden" });
    expect(none.statusCode).toBe(404);
    expect((await audit("fediverse-comment"))[0]).toMatchObject({ action: "approve" });
  });

  it("blocks an instance: its follows removed and its comments hidden; unblocks it", async () => {
    await follower("club", "accepted", "http://spam.example");
    await follower(showIdentifier, "pending", "http://spam.example");
    const blocked = await write("POST", "/api/admin/fediverse/blocks", {
      kind: "instance",
      value: " Spam.Example ",
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({
      block: { kind: "instance", value: "spam.example" },
      followersRemoved: 2,
      commentsHidden: 0,
    });
    expect(await t.app.federation?.repos.blocks.isBlocked("http://spam.example/users/x")).toBe(true);
    const list = (await get("/api/admin/fediverse/blocks")).json();
    expect(list.blocks).toEqual([expect.objectContaining({ kind: "instance", value: "spam.example" })]);
    expect((await audit("fediverse-block"))[0]).toMatchObject({ action: "block" });
    const lifted = await write("DELETE", "/api/admin/fediverse/blocks?kind=instance&value=spam.example");
    expect(lifted.statusCode).toBe(200);
    const again = await write("DELETE", "/api/admin/fediverse/blocks?kind=instance&value=spam.example");
    expect(again.statusCode).toBe(404);
    expect((await audit("fediverse-block"))[0]).toMatchObject({ action: "unblock" });
  });

  it("blocks an account: its approved comment hidden; refuses what names nothing", async () => {
    const blocked = await write("POST", "/api/admin/fediverse/blocks", {
      kind: "account",
      value: `${inbox.origin}/users/listener`,
    });
    expect(blocked.json()).toMatchObject({ commentsHidden: 1 });
    expect((await get("/api/admin/fediverse/comments?state=hidden")).json().comments).toHaveLength(1);
    for (const payload of [
      { kind: "instance", value: "not a host" },
      { kind: "account", value: "listener" },
      { kind: "everyone", value: "x" },
    ]) {
      expect((await write("POST", "/api/admin/fediverse/blocks", payload)).statusCode).toBe(400);
    }
  });

  it("shows an instance's failing deliveries, and tries them again now", async () => {
    const empty = (await get("/api/admin/fediverse/deliveries")).json();
    expect(empty.instances).toEqual([]);
    expect(empty.queue).toMatchObject({ queued: expect.any(Number) });
    const none = await write("POST", "/api/admin/fediverse/deliveries/retry", { instance: "127.0.0.1" });
    expect(none.statusCode).toBe(404);
    expect(
      (await write("POST", "/api/admin/fediverse/deliveries/retry", { instance: "a b" })).statusCode,
    ).toBe(400);

    const instances = async () =>
      (await get("/api/admin/fediverse/deliveries")).json().instances as Array<{
        instance: string;
        waiting: number;
        failing: number;
        lastError: string | null;
      }>;
    // A slow instance: its delivery waits, nothing has failed.
    let answer = () => {};
    inbox.state.answering = new Promise<void>((resolve) => {
      answer = resolve;
    });
    inbox.state.status = 503;
    const row = await follower("club", "pending");
    await write("POST", `/api/admin/fediverse/followers/${row?.id}/approve`);
    await until(async () => (await instances()).length > 0, "the delivery waiting");
    expect(await instances()).toEqual([
      { instance: "127.0.0.1", waiting: 1, failing: 0, gaveUp: 0, lastError: null, lastAttemptAt: null },
    ]);
    answer();
    inbox.state.answering = undefined;
    await until(async () => (await instances())[0]?.failing === 1, "the failed delivery in the log");
    const [health] = await instances();
    expect(health).toMatchObject({ instance: "127.0.0.1", failing: 1, gaveUp: 0 });
    expect(health?.lastError).toContain("503");

    inbox.state.status = 202;
    const accepts = inbox.received.filter((activity) => activity.type === "Accept").length;
    const retried = await write("POST", "/api/admin/fediverse/deliveries/retry", { instance: "127.0.0.1" });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ retried: 1 });
    await until(
      () => inbox.received.filter((activity) => activity.type === "Accept").length > accepts,
      "the retried Accept",
    );
    await until(async () => (await instances()).length === 0, "the delivery log to clear");
    expect((await audit("fediverse-delivery"))[0]).toMatchObject({ action: "retry", entityId: "127.0.0.1" });
  });
});
