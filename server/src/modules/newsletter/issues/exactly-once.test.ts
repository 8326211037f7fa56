import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newsletterIssues, newsletterSubscriptions, outbox } from "../../../db/schema";
import { consoleCookie, consoleWriteHeaders } from "../../../test/console-session";
import { addSubscribers, anIssue, holdSendingJob } from "../../../test/newsletter-issues";
import { type SmtpSink, startSmtpSink } from "../../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { testEngine } from "../../../test/test-database";
import { createSmtpMailer } from "../mailer";
import { createIssueSender, SimulatedCrash } from "./issue-sender";

const silentLog = { warn() {}, error() {}, info() {}, debug() {} } as never;
const SITE = { name: "Waveform", publicUrl: "https://club.example", mailto: "info@club.example" };
const COUNT = 40;

/**
 * A sender that dies part-way through an issue, then another that takes over once the dead one's
 * claim lease has run out: each address gets its mail, once, except the one mail whose SMTP
 * conversation had ended (accepted) when the process died before recording it (decision 0024).
 */
describe(`exactly once per (issue, subscriber) on ${testEngine}`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: string;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp();
    await t.app.ready();
    await holdSendingJob(t);
    admin = await consoleCookie(t.app, "admin");
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });
  beforeEach(async () => {
    sink.received.length = 0;
    await t.database.db.delete(outbox);
    await t.database.db.delete(newsletterIssues);
    await t.database.db.delete(newsletterSubscriptions);
  });

  const sender = (crash: { crashAfterAccepted?: number; crashBeforeSending?: number } = {}) =>
    createIssueSender({
      db: t.database.db,
      mailer: createSmtpMailer(
        { url: sink.url, from: "club@club.example", allowPlaintext: true },
        "Waveform",
        SITE.mailto,
        {
          maxConnections: 1,
        },
      ),
      log: silentLog,
      site: SITE,
      rate: 1000,
      concurrency: 1,
      ...crash,
    });
  const startIssue = async (slug: string) => {
    await addSubscribers(
      t,
      Array.from({ length: COUNT }, (_, i) => `reader${i}@mail.test`),
    );
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/newsletter/issues",
      headers: consoleWriteHeaders(admin),
      payload: anIssue(slug),
    });
    const { id } = created.json() as { id: number };
    await t.app.inject({
      method: "POST",
      url: `/api/admin/newsletter/issues/${id}/send`,
      headers: consoleWriteHeaders(admin),
      payload: {},
    });
  };
  /** The dead sender's claim lease runs out (as it would after CLAIM_LEASE_SECONDS). */
  const leaseRunsOut = () =>
    t.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(sql`${outbox.sentAt} is null`);
  const run = (made: ReturnType<typeof sender>) =>
    made.run(new AbortController().signal, 60_000).finally(() => made.close());

  it("a sender that dies between claiming and sending leaves nothing mailed twice", async () => {
    await startIssue("crash-before-send");
    await expect(run(sender({ crashBeforeSending: 15 }))).rejects.toBeInstanceOf(SimulatedCrash);
    expect(sink.received).toHaveLength(14);
    // Until the lease runs out, the claimed rows are nobody else's.
    expect(await run(sender())).toBe(0);
    await leaseRunsOut();
    expect(await run(sender())).toBe(COUNT - 14);
    const copies = sink.copies();
    expect(copies.size).toBe(COUNT);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
  });

  it("a sender that dies after the SMTP server accepted a mail, before recording it, resends that one mail only", async () => {
    await startIssue("crash-after-accept");
    await expect(run(sender({ crashAfterAccepted: 10 }))).rejects.toBeInstanceOf(SimulatedCrash);
    await leaseRunsOut();
    await run(sender());
    const copies = sink.copies();
    expect(copies.size).toBe(COUNT);
    const twice = [...copies.entries()].filter(([, n]) => n > 1);
    expect(twice).toEqual([["reader9@mail.test", 2]]);
    // Both copies carry the same Message-ID, so a receiver can tell the second for what it is.
    const ids = sink.received
      .filter((mail) => mail.to.includes("reader9@mail.test"))
      .map((mail) => /^Message-ID: (.*)$/im.exec(mail.raw)?.[1]);
    expect(new Set(ids).size).toBe(1);
  });
});
