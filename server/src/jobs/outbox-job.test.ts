import type { AddressInfo } from "node:net";
import { isNull } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { outbox } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";

describe(`newsletter outbox swept by one server (${testEngine})`, () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let database: TestDatabase;
  let second: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    smtp = new SMTPServer({
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
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    const { port } = (smtp as unknown as { server: { address(): AddressInfo } }).server.address();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_ALLOW_PLAINTEXT: "true" };
    database = await createTestDatabase();
    second = database.config.kind === "postgres" ? await openDatabase(database.config) : database;
    a = await createTestApp({ database, env });
    b = await createTestApp({ database: second, env });
    await Promise.all([a.app.ready(), b.app.ready()]);
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    if (second !== database) await second?.close();
    await database?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("delivers due mail once, from whichever server takes the job", async () => {
    const to = ["one@example.com", "two@example.com", "three@example.com"];
    await database.db.insert(outbox).values(
      to.map((address) => ({
        kind: "newsletter.confirm",
        payload: { to: address, confirmUrl: "http://x/c", unsubscribeUrl: "http://x/u" },
      })),
    );
    const [ranA, ranB] = await Promise.all([a.app.runDueJobs(), b.app.runDueJobs()]);
    expect([...ranA, ...ranB].filter((name) => name === "newsletter-outbox")).toHaveLength(1);
    expect(await database.db.select().from(outbox).where(isNull(outbox.sentAt))).toEqual([]);
    expect(received).toHaveLength(3);
    for (const address of to)
      expect(received.filter((text) => text.includes(`To: ${address}`))).toHaveLength(1);
    // The next sweep waits its period, on both servers.
    const again = [...(await a.app.runDueJobs()), ...(await b.app.runDueJobs())];
    expect(again).not.toContain("newsletter-outbox");
  });
});
