import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newsletterIssues, newsletterSubscriptions, outbox } from "../../../db/schema";
import { consoleCookie, consoleWriteHeaders } from "../../../test/console-session";
import { addSubscribers, anIssue, holdSendingJob } from "../../../test/newsletter-issues";
import { type SmtpSink, startSmtpSink } from "../../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { testEngine } from "../../../test/test-database";
import { createSmtpMailer, type Mailer } from "../mailer";
import { createIssueSender } from "./issue-sender";
import { issueDedupeKey } from "./issues.repository";
import { SendJournal } from "./send-journal";

const silentLog = { warn() {}, error() {}, info() {}, debug() {} } as never;
const SITE = { name: "Waveform", publicUrl: "https://club.example", mailto: "info@club.example" };
const COUNT = 40;

/**
 * Where a sender's process dies, counted from 1 over the mails of its mailer: before the n-th mail
 * is sent (its batch claimed), with the n-th mail at the SMTP server in full but for its final dot
 * (nothing journalled yet), or right after the server accepted the n-th mail (journalled, not yet
 * recorded in the database).
 */
type DeathPoint = { beforeSending: number } | { beforeFinalDot: number } | { afterAccepted: number };

/**
 * `mailer` in a process that dies at `point`: from then on no call through it returns (each stays
 * pending for ever), so none of the sender's code after that point runs, as after `kill -9`; `died`
 * resolves when it has happened.
 */
function dyingMailer(mailer: Mailer, point: DeathPoint): { mailer: Mailer; died: Promise<void> } {
  let sends = 0;
  let dots = 0;
  let accepted = 0;
  let dead = false;
  let announce = () => {};
  const died = new Promise<void>((resolve) => {
    announce = resolve;
  });
  const never = new Promise<never>(() => {});
  const die = () => {
    dead = true;
    announce();
    return never;
  };
  return {
    died,
    mailer: {
      ...mailer,
      async send(mail, beforeFinalDot) {
        if (dead) return never;
        sends += 1;
        if ("beforeSending" in point && sends === point.beforeSending) return die();
        try {
          await mailer.send(mail, async () => {
            dots += 1;
            if ("beforeFinalDot" in point && dots === point.beforeFinalDot) return die();
            await beforeFinalDot?.();
          });
        } catch (error) {
          if (dead) return never;
          throw error;
        }
        if (dead) return never;
        accepted += 1;
        if ("afterAccepted" in point && accepted === point.afterAccepted) return die();
      },
    },
  };
}

/**
 * A sender that dies part-way through an issue, then the same server started again (its send
 * journal reconciled) takes over once the dead one's claim lease has run out: each address gets
 * its mail once, wherever the first one died — before sending, with a whole message at the server
 * but no final dot, or after the server accepted a mail it had not recorded yet (decision 0024).
 */
describe(`exactly once per (issue, subscriber) on ${testEngine}`, () => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: string;
  let journalPath: string;
  beforeAll(async () => {
    journalPath = join(mkdtempSync(join(tmpdir(), "journal-test-")), "newsletter-send.journal");
    sink = await startSmtpSink();
    t = await createTestApp();
    await t.app.ready();
    await holdSendingJob(t);
    admin = await consoleCookie(t.app, "admin");
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
    rmSync(dirname(journalPath), { recursive: true, force: true });
  });
  beforeEach(async () => {
    sink.received.length = 0;
    sink.refuseData = null;
    rmSync(journalPath, { force: true });
    await t.database.db.delete(outbox);
    await t.database.db.delete(newsletterIssues);
    await t.database.db.delete(newsletterSubscriptions);
  });

  const smtpMailer = () =>
    createSmtpMailer(
      { url: sink.url, from: "club@club.example", allowPlaintext: true },
      "Waveform",
      SITE.mailto,
      {
        maxConnections: 1,
      },
    );
  const sender = (mailer: Mailer = smtpMailer()) =>
    createIssueSender({
      db: t.database.db,
      mailer,
      log: silentLog,
      site: SITE,
      rate: 1000,
      concurrency: 1,
      // The same server's journal each time, as a server restarted with its DATA_DIR and PORT.
      journal: new SendJournal(journalPath),
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
    const { id, version } = created.json() as { id: number; version: number };
    const sent = await t.app.inject({
      method: "POST",
      url: `/api/admin/newsletter/issues/${id}/send`,
      headers: consoleWriteHeaders(admin),
      payload: { version },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  };
  /** The dead sender's claim lease runs out (as it would after CLAIM_LEASE_SECONDS). */
  const leaseRunsOut = () =>
    t.database.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(sql`${outbox.sentAt} is null`);
  const run = (made: ReturnType<typeof sender>) =>
    made.run(new AbortController().signal, 60_000).finally(() => made.close());
  /**
   * Runs a sender whose process dies at `point`; resolves "died" once it has, and then what the dead
   * process held goes with it: its SMTP connection (the server drops a message without its final
   * dot) and its journal's file.
   */
  const runUntilDeath = async (point: DeathPoint) => {
    const dying = dyingMailer(smtpMailer(), point);
    const made = sender(dying.mailer);
    const outcome = await Promise.race([
      made.run(new AbortController().signal, 60_000).then(
        () => "finished",
        (error: unknown) => `failed: ${error}`,
      ),
      dying.died.then(() => "died"),
    ]);
    sink.dropConnections();
    made.close();
    return outcome;
  };

  it("a sender that dies between claiming and sending leaves nothing mailed twice", async () => {
    await startIssue("crash-before-send");
    expect(await runUntilDeath({ beforeSending: 15 })).toBe("died");
    expect(sink.received).toHaveLength(14);
    // Until the lease runs out, the claimed rows are nobody else's.
    expect(await run(sender())).toBe(0);
    await leaseRunsOut();
    expect(await run(sender())).toBe(COUNT - 14);
    const copies = sink.copies();
    expect(copies.size).toBe(COUNT);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
  });

  const eachOnce = () => {
    const copies = sink.copies();
    expect(copies.size).toBe(COUNT);
    expect([...copies.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  };

  it("a sender that dies after the SMTP server accepted a mail, before recording it: restarted, it records it from its journal; nobody is mailed twice", async () => {
    await startIssue("crash-after-accept");
    expect(await runUntilDeath({ afterAccepted: 10 })).toBe("died");
    expect(sink.received).toHaveLength(10);
    const [unrecorded] = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = 'reader9@mail.test'`);
    expect(unrecorded?.sentAt).toBeNull();
    // The server starts again: its journal is reconciled before anyone claims the rows.
    const restarted = sender();
    expect(await restarted.reconcile()).toBe(1);
    await leaseRunsOut();
    expect(await run(restarted)).toBe(COUNT - 10);
    eachOnce();
  });

  it("a sender that dies with a whole message at the server but no final dot: the server drops it, it goes once after the lease", async () => {
    await startIssue("crash-before-dot");
    expect(await runUntilDeath({ beforeFinalDot: 10 })).toBe("died");
    // The tenth message reached the server in full, without the dot that asks it to take it.
    expect(sink.received).toHaveLength(9);
    const restarted = sender();
    expect(await restarted.reconcile()).toBe(0);
    await leaseRunsOut();
    expect(await run(restarted)).toBe(COUNT - 9);
    eachOnce();
  });

  it("a journal left beside a reset database records nobody: an entry names its row and its key", async () => {
    await startIssue("stale-journal");
    const [row] = await t.database.db.select().from(outbox).limit(1);
    const stale = new SendJournal(journalPath);
    stale.dotted({ id: row?.id ?? 0, key: "issue:999:999" });
    expect(await sender().reconcile()).toBe(0);
    // The key as the sender makes it for a known row is the one queueing wrote (in SQL).
    const key = issueDedupeKey(row?.issueId ?? 0, Number(row?.payload.subscriptionId));
    expect(row?.dedupeKey).toBe(key);
    stale.dotted({ id: row?.id ?? 0, key });
    expect(await sender().reconcile()).toBe(1);
    stale.close();
  });

  it("a mail refused at its final dot is retried later, and its journal entry is not taken for a delivery", async () => {
    await startIssue("refused-at-dot");
    sink.refuseData = (address) => (address === "reader3@mail.test" ? 451 : null);
    expect(await run(sender())).toBe(COUNT - 1);
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = 'reader3@mail.test'`);
    expect(row).toMatchObject({ sentAt: null, outcome: null, attempts: 1 });
    expect(row?.lastError).toMatch(/451/);
    expect(new SendJournal(journalPath).journalled().map((mail) => mail.id)).not.toContain(row?.id);
    sink.refuseData = null;
    await leaseRunsOut();
    expect(await run(sender())).toBe(1);
    eachOnce();
  });
});
