import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newsletterIssues, newsletterSubscriptions, outbox, playlists } from "../../../db/schema";
import { consoleCookie, consoleWriteHeaders } from "../../../test/console-session";
import { addSubscribers, anIssue, holdSendingJob, runSendingJob } from "../../../test/newsletter-issues";
import { fromSite } from "../../../test/same-origin";
import { headerOf, type SmtpSink, startSmtpSink, unfoldBody } from "../../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { testEngine } from "../../../test/test-database";

describe(`newsletter issues API on ${testEngine}`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: string;
  let editor: string;
  const refused = new Map<string, number>();
  beforeAll(async () => {
    sink = await startSmtpSink({ refuse: (address) => refused.get(address) ?? null });
    t = await createTestApp({
      seed: true,
      env: { SMTP_URL: sink.url, SMTP_ALLOW_PLAINTEXT: "true", NEWSLETTER_SEND_RATE: "1000" },
    });
    await t.app.ready();
    await holdSendingJob(t);
    admin = await consoleCookie(t.app, "admin");
    editor = await consoleCookie(t.app, "editor", "editor-own@console.test");
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  beforeEach(async () => {
    sink.received.length = 0;
    refused.clear();
    await t.database.db.delete(outbox);
    await t.database.db.delete(newsletterIssues);
    await t.database.db.delete(newsletterSubscriptions);
  });

  const call = (cookie: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: consoleWriteHeaders(cookie),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async (slug: string, extra: Record<string, unknown> = {}) => {
    const response = await call(editor, "POST", "/api/admin/newsletter/issues", anIssue(slug, extra));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; version: number; state: string };
  };
  /** Send (or schedule, with `at`) as the admin, at the version they loaded. */
  const send = (
    issue: { id: number; version: number },
    extra: Record<string, unknown> = {},
    cookie = admin,
  ) =>
    call(cookie, "POST", `/api/admin/newsletter/issues/${issue.id}/send`, {
      version: issue.version,
      ...extra,
    });

  it("answers empty lists, refuses the signed-out and keeps sending to admins", async () => {
    expect((await t.app.inject({ url: "/api/admin/newsletter/issues" })).statusCode).toBe(401);
    expect((await call(editor, "GET", "/api/admin/newsletter/issues")).json()).toEqual({ issues: [] });
    expect((await t.app.inject({ url: "/api/newsletter/issues" })).json()).toEqual({ issues: [] });
    const issue = await create("first");
    expect(issue.state).toBe("draft");
    const asEditor = await send(issue, {}, editor);
    expect(asEditor.statusCode).toBe(403);
    expect(
      (await call(editor, "PUT", "/api/admin/newsletter/welcome", { enabled: true, subject: "Hi", body: "" }))
        .statusCode,
    ).toBe(403);
    expect((await call(editor, "GET", `/api/admin/newsletter/issues/${issue.id}/progress`)).json()).toEqual({
      state: "draft",
      total: 0,
      sent: 0,
      pending: 0,
      failed: 0,
      suppressed: 0,
    });
  });

  it("validates fields, refuses a taken slug, a stale autosave and an unknown id", async () => {
    const bad = await call(
      editor,
      "POST",
      "/api/admin/newsletter/issues",
      anIssue("Not A Slug", { title: "" }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Slug: lower-case letters");
    expect(bad.body).toContain("Title is required");
    const issue = await create("taken");
    expect((await call(editor, "POST", "/api/admin/newsletter/issues", anIssue("taken"))).statusCode).toBe(
      409,
    );
    const saved = await call(editor, "PUT", `/api/admin/newsletter/issues/${issue.id}`, {
      ...anIssue("taken", { title: "New title" }),
      version: issue.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: "New title", version: issue.version + 1 });
    const stale = await call(editor, "PUT", `/api/admin/newsletter/issues/${issue.id}`, {
      ...anIssue("taken"),
      version: issue.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toContain("Someone else saved this issue");
    expect((await call(editor, "GET", "/api/admin/newsletter/issues/99999")).statusCode).toBe(404);
    expect((await call(editor, "DELETE", `/api/admin/newsletter/issues/${issue.id}`)).statusCode).toBe(204);
    expect((await call(editor, "GET", `/api/admin/newsletter/issues/${issue.id}`)).statusCode).toBe(404);
  });

  it("answers bad input with 400 and unknown issues with 404 on every endpoint", async () => {
    const bad: [ReturnType<typeof call>, number][] = [
      [
        call(editor, "POST", "/api/admin/newsletter/preview", {
          ...anIssue("x"),
          sections: [{ type: "video", id: 1 }],
        }),
        400,
      ],
      [
        call(editor, "POST", "/api/admin/newsletter/preview", {
          ...anIssue("x"),
          sections: [{ type: "playlist", id: 0 }],
        }),
        400,
      ],
      [call(admin, "PUT", "/api/admin/newsletter/welcome", { enabled: true, subject: " ", body: "" }), 400],
      [call(editor, "GET", "/api/admin/newsletter/issues/abc"), 400],
      [call(admin, "POST", "/api/admin/newsletter/issues/999999/send", { version: 1 }), 404],
      [call(admin, "POST", "/api/admin/newsletter/issues/999999/pause", {}), 404],
      [call(admin, "POST", "/api/admin/newsletter/issues/999999/resume", {}), 404],
      [call(editor, "GET", "/api/admin/newsletter/issues/999999/progress"), 404],
      [call(editor, "POST", "/api/admin/newsletter/issues/999999/test-send"), 404],
      [call(editor, "DELETE", "/api/admin/newsletter/issues/999999"), 404],
      [t.app.inject({ url: "/api/newsletter/issues/Not_A_Slug" }), 400],
      [t.app.inject({ url: "/api/newsletter/issues/no-such-issue" }), 404],
    ];
    for (const [response, status] of bad) {
      const answer = await response;
      expect(answer.statusCode, `${answer.statusCode} ${answer.body}`).toBe(status);
    }
    // An empty archive is still a valid feed.
    const feed = await t.app.inject({ url: "/newsletter/feed.xml" });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).not.toContain("<item>");
    // Only a draft can be deleted or edited.
    const issue = await create("locked");
    await send(issue);
    expect((await call(editor, "DELETE", `/api/admin/newsletter/issues/${issue.id}`)).statusCode).toBe(409);
    const edit = await call(editor, "PUT", `/api/admin/newsletter/issues/${issue.id}`, {
      ...anIssue("locked"),
      version: issue.version,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error).toContain("no longer a draft");
  });

  it("previews the mail (600 px, alt texts, plain text) and the web page, with unsafe Markdown dropped", async () => {
    const [playlist] = await t.database.db
      .update(playlists)
      .set({ imageUrl: "/images/cover.jpg" })
      .where(eq(playlists.id, sql`(select min(id) from playlists)`))
      .returning();
    const response = await call(editor, "POST", "/api/admin/newsletter/preview", {
      ...anIssue("preview", { intro: "Hi <script>alert(1)</script> [x](javascript:alert(1))" }),
      sections: [{ type: "playlist", id: playlist?.id }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json() as { subject: string; html: string; text: string; webHtml: string };
    expect(preview.subject).toBe("Issue preview");
    expect(preview.html).toContain("max-width:600px");
    expect(preview.html).toContain(`alt="Cover of ${playlist?.title}"`);
    expect(preview.html).toContain('src="http://127.0.0.1:3000/images/cover.jpg"');
    expect(preview.html).toContain("prefers-color-scheme: dark");
    expect(preview.html).not.toMatch(/<script|javascript:/);
    expect(preview.text).toContain(`Playlist: ${playlist?.title}`);
    expect(preview.text).toContain(`/playlist/${playlist?.id}`);
    expect(preview.webHtml).toContain(`data-block="playlist"`);
    expect(preview.webHtml).not.toMatch(/<script|javascript:/);
  });

  it("sends once to every confirmed, not suppressed subscriber, with list headers, and archives the issue", async () => {
    const confirmed = await addSubscribers(t, ["a@mail.test", "b@mail.test", "c@mail.test"]);
    await addSubscribers(t, ["pending@mail.test"], "pending");
    await addSubscribers(t, ["gone@mail.test"], "unsubscribed");
    const [suppressed] = await addSubscribers(t, ["bounced@mail.test"]);
    await t.database.db
      .update(newsletterSubscriptions)
      .set({ suppressedAt: new Date(), suppressedReason: "test" })
      .where(eq(newsletterSubscriptions.id, suppressed?.id ?? 0));
    const issue = await create("sent-one");
    expect((await t.app.inject({ url: "/api/newsletter/issues/sent-one" })).statusCode).toBe(404);

    const sent = await send(issue);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().state).toBe("sending");
    // Sending twice queues nobody twice.
    expect((await send(issue)).statusCode).toBe(409);
    await runSendingJob(t);

    expect([...sink.copies().entries()].sort()).toEqual(confirmed.map((row) => [row.email, 1]).sort());
    const mail = sink.received.find((m) => m.to.includes("a@mail.test"))?.raw ?? "";
    const subscriptionId = confirmed[0]?.id;
    expect(headerOf(mail, "List-Unsubscribe")).toMatch(
      new RegExp(
        `^<http://127\\.0\\.0\\.1:3000/api/newsletter/unsubscribe\\?token=u1\\.${subscriptionId}\\.[\\w-]{43}>, <mailto:[^>]+\\?subject=unsubscribe>$`,
      ),
    );
    expect(headerOf(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(headerOf(mail, "List-Id")).toMatch(/newsletter" <newsletter\.127\.0\.0\.1>$/);
    expect(headerOf(mail, "Message-ID")).toBe(`<issue-${issue.id}-${subscriptionId}@127.0.0.1>`);
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(unfoldBody(mail)).toContain(`/newsletter/unsubscribe?token=u1.${subscriptionId}.`);

    const progress = (await call(editor, "GET", `/api/admin/newsletter/issues/${issue.id}/progress`)).json();
    expect(progress).toEqual({ state: "sent", total: 3, sent: 3, pending: 0, failed: 0, suppressed: 0 });
    const archived = await t.app.inject({ url: "/api/newsletter/issues/sent-one" });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({
      slug: "sent-one",
      title: "Issue sent-one",
      summary: "Hello listeners. New music on the site.",
    });
    expect(archived.json().webHtml).toContain("<h2>Notes</h2>");
    expect((await t.app.inject({ url: "/api/newsletter/issues" })).json().issues).toHaveLength(1);

    // The list's one-click link unsubscribes without a page or a session (RFC 8058).
    const token = /token=(u1\.[\w.-]+)>/.exec(headerOf(mail, "List-Unsubscribe") ?? "")?.[1] ?? "";
    const oneClick = await t.app.inject({
      method: "POST",
      url: `/api/newsletter/unsubscribe?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.json()).toEqual({ outcome: "unsubscribed" });
    const forged = await t.app.inject({
      method: "POST",
      url: `/api/newsletter/unsubscribe?token=${token.slice(0, -2)}xx`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(forged.json()).toEqual({ outcome: "invalid-link" });
    const [row] = await t.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, subscriptionId ?? 0));
    expect(row?.status).toBe("unsubscribed");
  });

  it("serves the archive as RSS 2.0 with full content, drafts left out", async () => {
    await create("draft-only");
    const issue = await create("in-feed", { intro: "Feed <b>intro</b> & ]]> end" });
    await send(issue);
    const feed = await t.app.inject({ url: "/newsletter/feed.xml" });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("application/rss+xml");
    expect(feed.body).toContain('<rss version="2.0"');
    expect(feed.body).toContain("<link>http://127.0.0.1:3000/newsletter/issues/in-feed</link>");
    expect(feed.body).toContain("<content:encoded><![CDATA[");
    expect(feed.body).not.toContain("draft-only");
    expect((await t.app.inject({ url: "/api/newsletter/issues/draft-only" })).statusCode).toBe(404);
    const sitemap = (await t.app.inject({ url: "/sitemap.xml" })).body;
    expect(sitemap).toContain("<loc>http://127.0.0.1:3000/newsletter/issues/in-feed</loc>");
    expect(sitemap).toContain("<loc>http://127.0.0.1:3000/newsletter/issues</loc>");
    expect(sitemap).not.toContain("draft-only");
  });

  it("schedules, pauses and resumes: nothing is claimed while paused", async () => {
    await addSubscribers(t, ["p1@mail.test", "p2@mail.test"]);
    const issue = await create("later");
    const at = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await send(issue, { at });
    expect(scheduled.json()).toMatchObject({ state: "scheduled", scheduledAt: at });
    expect((await send(issue, { at: "tomorrow" })).statusCode).toBe(400);
    await runSendingJob(t);
    expect(sink.received).toHaveLength(0);
    expect((await t.app.inject({ url: "/api/newsletter/issues/later" })).statusCode).toBe(404);

    // Its time comes: the job starts it. Pause before any mail goes.
    await t.database.db.update(newsletterIssues).set({ scheduledAt: sql`now() - interval '1 second'` });
    expect(await createIssuesStart(t)).toEqual([issue.id]);
    expect(
      (await call(admin, "POST", `/api/admin/newsletter/issues/${issue.id}/pause`, {})).json().state,
    ).toBe("paused");
    await runSendingJob(t);
    expect(sink.received).toHaveLength(0);
    expect(
      (await call(editor, "GET", `/api/admin/newsletter/issues/${issue.id}/progress`)).json(),
    ).toMatchObject({ state: "paused", pending: 2 });
    expect((await call(admin, "POST", `/api/admin/newsletter/issues/${issue.id}/pause`, {})).statusCode).toBe(
      409,
    );

    expect(
      (await call(admin, "POST", `/api/admin/newsletter/issues/${issue.id}/resume`, {})).json().state,
    ).toBe("sending");
    await runSendingJob(t);
    expect(sink.received).toHaveLength(2);
    expect(
      (await call(editor, "GET", `/api/admin/newsletter/issues/${issue.id}/progress`)).json(),
    ).toMatchObject({ state: "sent", sent: 2 });
  });

  it("suppresses an address refused with 5xx at RCPT TO and retries one refused with 4xx", async () => {
    const [hard, soft] = await addSubscribers(t, ["nobody@mail.test", "busy@mail.test", "fine@mail.test"]);
    refused.set("nobody@mail.test", 550);
    refused.set("busy@mail.test", 451);
    const issue = await create("bounces");
    await send(issue);
    await runSendingJob(t);
    expect([...sink.copies().keys()]).toEqual(["fine@mail.test"]);
    const [bounced] = await t.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, hard?.id ?? 0));
    expect(bounced?.suppressedReason).toMatch(/^smtp 550 at RCPT TO: .*No such user/);
    const progress = (await call(editor, "GET", `/api/admin/newsletter/issues/${issue.id}/progress`)).json();
    expect(progress).toMatchObject({ state: "sending", sent: 1, failed: 1, pending: 1 });
    const [retry] = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = 'busy@mail.test'`);
    expect(retry?.attempts).toBe(1);
    expect(retry?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Later the mailbox takes mail again.
    refused.delete("busy@mail.test");
    await t.database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.id, retry?.id ?? 0));
    await runSendingJob(t);
    expect(sink.copies().get("busy@mail.test")).toBe(1);
    expect(
      (await call(editor, "GET", `/api/admin/newsletter/issues/${issue.id}/progress`)).json(),
    ).toMatchObject({ state: "sent", sent: 2, failed: 1 });
    // The suppressed address is never queued again.
    const next = await create("after-bounce");
    await send(next);
    await runSendingJob(t);
    expect(sink.copies().get("nobody@mail.test")).toBeUndefined();
    expect(soft).toBeDefined();
  });

  it("mails a test copy to the operator and the welcome mail only when turned on", async () => {
    const issue = await create("tested");
    const test = await call(editor, "POST", `/api/admin/newsletter/issues/${issue.id}/test-send`);
    expect(test.statusCode).toBe(202);
    expect(test.json()).toEqual({ to: "editor-own@console.test" });
    await waitFor(async () => sink.received.length === 1);
    expect(headerOf(sink.received[0]?.raw ?? "", "Subject")).toBe("[Test] Issue tested");

    expect((await call(editor, "GET", "/api/admin/newsletter/welcome")).json()).toMatchObject({
      enabled: false,
    });
    const subscribeAndConfirm = async (email: string) => {
      await t.app.inject({
        method: "POST",
        url: "/api/newsletter/subscribe",
        headers: { "sec-fetch-site": "same-origin" },
        payload: { email, agreeToTerms: true },
      });
      await waitFor(async () => sink.received.some((m) => m.to.includes(email)));
      const confirmMail = unfoldBody(sink.received.find((m) => m.to.includes(email))?.raw ?? "");
      const token = /confirm\?token=([\w-]{43})/.exec(confirmMail)?.[1];
      const confirmed = await t.app.inject({
        method: "POST",
        url: "/api/newsletter/confirm",
        headers: fromSite(),
        payload: { token },
      });
      expect(confirmed.json()).toEqual({ outcome: "confirmed" });
    };
    await subscribeAndConfirm("nowelcome@mail.test");
    const put = await call(admin, "PUT", "/api/admin/newsletter/welcome", {
      enabled: true,
      subject: "Welcome aboard",
      body: "Glad you **joined**.",
    });
    expect(put.statusCode, put.body).toBe(200);
    await subscribeAndConfirm("welcome@mail.test");
    await waitFor(async () => (sink.copies().get("welcome@mail.test") ?? 0) === 2);
    const welcome = sink.received.filter((m) => m.to.includes("welcome@mail.test"))[1]?.raw ?? "";
    expect(headerOf(welcome, "Subject")).toBe("Welcome aboard");
    expect(headerOf(welcome, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.copies().get("nowelcome@mail.test")).toBe(1);
  });

  it("suggests catalogue items new since the last issue", async () => {
    const before = (await call(editor, "GET", "/api/admin/newsletter/suggestions")).json();
    expect(before.since).toBeNull();
    const issue = await create("mark");
    await send(issue);
    const [fresh] = await t.database.db.select().from(playlists).limit(1);
    await t.database.db
      .update(playlists)
      .set({ createdAt: sql`now() + interval '1 second'` })
      .where(eq(playlists.id, fresh?.id ?? 0));
    const after = (await call(editor, "GET", "/api/admin/newsletter/suggestions")).json();
    expect(after.since).not.toBeNull();
    expect(after.suggestions).toContainEqual(
      expect.objectContaining({ type: "playlist", id: fresh?.id, title: fresh?.title }),
    );
    expect(after.suggestions.filter((s: { type: string }) => s.type === "playlist")).toHaveLength(1);
  });

  // Issue 43, item 14.
  it("sends and schedules only the version the admin saw: a newer save answers 409 and nothing goes", async () => {
    await addSubscribers(t, ["v1@mail.test", "v2@mail.test"]);
    const seen = await create("reviewed");
    const autosaved = await call(editor, "PUT", `/api/admin/newsletter/issues/${seen.id}`, {
      ...anIssue("reviewed", { intro: "Unreviewed words." }),
      version: seen.version,
    });
    expect(autosaved.statusCode, autosaved.body).toBe(200);

    const stale = await send(seen);
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error).toContain("Someone else saved this issue");
    const staleSchedule = await send(seen, { at: new Date(Date.now() + 3600_000).toISOString() });
    expect(staleSchedule.statusCode, staleSchedule.body).toBe(409);
    expect(staleSchedule.json().error).toContain("Someone else saved this issue");
    expect(await t.database.db.select().from(outbox)).toEqual([]);
    await runSendingJob(t);
    expect(sink.received).toHaveLength(0);
    expect((await call(editor, "GET", `/api/admin/newsletter/issues/${seen.id}`)).json()).toMatchObject({
      state: "draft",
      scheduledAt: null,
      publishedAt: null,
    });
    expect((await t.app.inject({ url: "/api/newsletter/issues/reviewed" })).statusCode).toBe(404);

    // No version at all is a bad request, not a send.
    const unversioned = await call(admin, "POST", `/api/admin/newsletter/issues/${seen.id}/send`, {});
    expect(unversioned.statusCode).toBe(400);

    // Once the admin has seen the saved text, it goes.
    const reviewed = await send(autosaved.json());
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    await runSendingJob(t);
    expect(sink.received).toHaveLength(2);
    expect(unfoldBody(sink.received[0]?.raw ?? "")).toContain("Unreviewed words.");
  });

  // Issue 43, item 14.
  it("keeps the catalogue cards as they went out: a playlist renamed after the send keeps its old name", async () => {
    await addSubscribers(t, ["cards@mail.test"]);
    const [playlist] = await t.database.db
      .select()
      .from(playlists)
      .where(eq(playlists.published, true))
      .orderBy(playlists.id)
      .limit(1);
    const before = playlist?.title ?? "";
    const issue = await create("kept-cards", { sections: [{ type: "playlist", id: playlist?.id }] });
    expect((await send(issue)).statusCode).toBe(200);
    try {
      await t.database.db
        .update(playlists)
        .set({ title: "Renamed Later" })
        .where(eq(playlists.id, playlist?.id ?? 0));
      t.app.catalogueCache.clear();
      await runSendingJob(t);

      const mail = sink.received[0]?.raw ?? "";
      expect(unfoldBody(mail)).toContain(before);
      expect(mail).not.toContain("Renamed Later");
      const archived = (await t.app.inject({ url: "/api/newsletter/issues/kept-cards" })).json();
      expect(archived.webHtml).toContain(before);
      expect(archived.webHtml).not.toContain("Renamed Later");
      const feed = (await t.app.inject({ url: "/newsletter/feed.xml" })).body;
      expect(feed).toContain(before);
      expect(feed).not.toContain("Renamed Later");
      // The composer still gets the sections as it edits them.
      expect((await call(editor, "GET", `/api/admin/newsletter/issues/${issue.id}`)).json().sections).toEqual(
        [{ type: "playlist", id: playlist?.id }],
      );
      // A draft's preview shows the catalogue as it is now.
      const preview = await call(editor, "POST", "/api/admin/newsletter/preview", {
        ...anIssue("draft-preview"),
        sections: [{ type: "playlist", id: playlist?.id }],
      });
      expect(preview.json().webHtml).toContain("Renamed Later");
    } finally {
      await t.database.db
        .update(playlists)
        .set({ title: before })
        .where(eq(playlists.id, playlist?.id ?? 0));
      t.app.catalogueCache.clear();
    }
  });

  // Issue 43, item 13.
  it("leaves protocol-relative and other foreign links as plain text in the mail and the archive", async () => {
    await addSubscribers(t, ["links@mail.test"]);
    const issue = await create("links", {
      intro:
        'Go [there](//evil.example/a) or <a href="/\\evil.example/b">here</a> or ' +
        '<a href="/&#9;/evil.example/g">tab</a> or [plain](http://evil.example/c). ' +
        "Fine: [ours](/playlist/1) and [theirs](https://example.com/e).",
      sections: [{ type: "text", markdown: "[again](//evil.example/f)" }],
    });
    expect((await send(issue)).statusCode).toBe(200);
    await runSendingJob(t);
    const mail = unfoldBody(sink.received[0]?.raw ?? "");
    const archived = (await t.app.inject({ url: "/api/newsletter/issues/links" })).json().webHtml as string;
    const feed = (await t.app.inject({ url: "/newsletter/feed.xml" })).body;
    for (const [where, body] of [
      ["mail", mail],
      ["archive", archived],
      ["feed", feed],
    ] as const) {
      expect(body, where).not.toContain("evil.example");
      expect(body, where).toContain("there");
      expect(body, where).toContain("https://example.com/e");
      expect(body, where).toContain("http://127.0.0.1:3000/playlist/1");
    }
    expect(archived).toContain("Go there or here or tab or plain.");
    expect(archived).toContain('<a href="http://127.0.0.1:3000/playlist/1">ours</a>');
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 8000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function createIssuesStart(t: TestApp) {
  const { createIssuesRepository } = await import("./issues.repository");
  return createIssuesRepository(t.database.db).startDue();
}
