import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import { fromSite } from "../../test/same-origin";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { createSmtpMailer } from "./mailer";
import { createOutboxWorker, retryDelaySeconds } from "./outbox-worker";

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(port = 0) {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      let text = "";
      stream.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push(text);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const address = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return {
    received,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const silentLog = { warn() {}, error() {}, info() {} } as never;

async function waitFor(check: () => boolean | Promise<boolean>, ms = 5000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`newsletter mail on ${testEngine}`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        // The test's SMTP server offers no STARTTLS: a local relay.
        SMTP_ALLOW_PLAINTEXT: "true",
        NEWSLETTER_RATE_LIMIT_PER_MINUTE: "100",
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("mails the confirmation link through SMTP and forgets the tokens once sent", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      headers: fromSite(),
      payload: { email: "mailme@example.com", agreeToTerms: true },
    });
    expect(response.statusCode).toBe(200);
    await waitFor(() => smtp.received.length === 1);
    expect(smtp.received[0]).toContain("To: mailme@example.com");
    // Undo quoted-printable line folding and escapes to read the link.
    const body = (smtp.received[0] ?? "").replace(/=\r?\n/g, "").replaceAll("=3D", "=");
    expect(body).toMatch(/http:\/\/127\.0\.0\.1:3000\/newsletter\/confirm\?token=[\w-]{43}/);
    // RFC 8058 one-click unsubscribe: the API address (it takes the POST) and a mailto.
    const unfolded = (smtp.received[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
    expect(unfolded).toMatch(
      /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:3000\/api\/newsletter\/unsubscribe\?token=[\w-]{43}>, <mailto:[^>]+\?subject=unsubscribe>\r?$/m,
    );
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    await waitFor(async () => (await t.database.db.select().from(outbox))[0]?.sentAt != null);
    const [row] = await t.database.db.select().from(outbox);
    expect(row?.payload).toEqual({ to: "mailme@example.com" });
  });

  it("keeps a message while SMTP is down and delivers it when it is back", async () => {
    const down = await startSmtp();
    const port = down.port;
    await down.close();
    const worker = createOutboxWorker(
      t.database.db,
      createSmtpMailer(
        { url: `smtp://127.0.0.1:${port}`, from: "x@example.com", allowPlaintext: true },
        "Test",
        "info@example.com",
      ),
      silentLog,
      60_000,
    );
    const [queued] = await t.database.db
      .insert(outbox)
      .values({
        kind: "newsletter.confirm",
        payload: { to: "later@example.com", confirmUrl: "http://x/c", unsubscribeUrl: "http://x/u" },
      })
      .returning();
    expect(await worker.runOnce()).toBe(0);
    const [failed] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, queued?.id ?? 0));
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed?.lastError).toBeTruthy();
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    const back = await startSmtp(port);
    await t.database.db
      .update(outbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(outbox.id, queued?.id ?? 0));
    expect(await worker.runOnce()).toBe(1);
    expect(back.received.some((text) => text.includes("later@example.com"))).toBe(true);
    await worker.stop();
    await back.close();
  });

  it("sends nothing over smtp:// to a server without STARTTLS unless plaintext is allowed", async () => {
    const mail = { to: "tls@example.com", confirmUrl: "http://x/c", unsubscribeUrl: "http://x/u" };
    const strict = createSmtpMailer(
      { url: `smtp://127.0.0.1:${smtp.port}`, from: "x@example.com", allowPlaintext: false },
      "Test",
      "info@example.com",
    );
    await expect(strict.sendConfirmation(mail)).rejects.toThrow(/STARTTLS|TLS/i);
    strict.close();
    expect(smtp.received.some((text) => text.includes("tls@example.com"))).toBe(false);
  });

  it("backs off 30 s, 2 min, 10 min, then hourly", () => {
    expect([1, 2, 3, 4, 9].map(retryDelaySeconds)).toEqual([30, 120, 600, 3600, 3600]);
  });
});
