import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDataDir, testEngine } from "../../test/test-database";
import type { DatabaseHandle } from "../client";
import { openDatabase } from "../client";
import { migrateDatabase } from "../migrate";
import { genres } from "../schema";
import { PgliteWorkerClient } from "./pglite-worker-client";
import { PGLITE_THREAD_NICENESS_ABOVE_SERVER } from "./thread-priority";

type Rows<T> = { rows: T[] };

/** A thread's niceness from /proc/<path>/stat (field 19; the name in field 2 may hold spaces). */
function nicenessOf(statPath: string): number {
  const stat = readFileSync(statPath, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
}

const folders: string[] = [];
/** A migrated PGlite folder written from this run's template (opening it skips initdb). */
async function templateFolder(): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), "waveform-worker-"));
  folders.push(folder);
  await (await createTestDataDir(join(folder, "data"))).close();
  return join(folder, "data");
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

// PGlite only: the PostgreSQL suite has nothing to add here.
describe.skipIf(testEngine === "postgres")("PGlite in a worker thread", () => {
  let client: PgliteWorkerClient;
  beforeAll(async () => {
    client = new PgliteWorkerClient(await templateFolder());
    await client.waitReady;
    await client.exec(
      "create table notes (id serial primary key, body text unique not null, at timestamptz)",
    );
  }, 60_000);
  afterAll(() => client.close());

  it("answers queries with parameters, as objects or arrays, keeping the types drizzle keeps as text", async () => {
    await client.query("insert into notes (body, at) values ($1, $2)", ["first", "2026-01-02T03:04:05Z"]);
    const objects = (await client.query("select body, at from notes where body = $1", ["first"])) as Rows<{
      body: string;
      at: unknown;
    }>;
    expect(objects.rows[0]?.body).toBe("first");
    expect(objects.rows[0]?.at).toBeInstanceOf(Date);
    const arrays = (await client.query("select body, at from notes", [], {
      rowMode: "array",
      parsers: { 1184: (value: string) => value },
    })) as Rows<unknown[]>;
    expect(arrays.rows[0]).toEqual(["first", "2026-01-02 03:04:05+00"]);
  });

  it("passes PostgreSQL's errors on with their code", async () => {
    await client.query("insert into notes (body) values ('twice')");
    await expect(client.query("insert into notes (body) values ('twice')")).rejects.toMatchObject({
      code: "23505",
      message: expect.stringMatching(/duplicate key/),
    });
  });

  it("commits a transaction, rolls one back on an error, and holds other queries until it ends", async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query("insert into notes (body) values ('in a transaction')");
      outside = client.query("select count(*)::int as n from notes").then((answer) => {
        order.push("outside");
        return answer;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push("commit");
    });
    const counted = (await outside) as Rows<{ n: number }>;
    expect(order).toEqual(["commit", "outside"]);
    expect(counted.rows[0]?.n).toBe(3);

    await expect(
      client.transaction(async (tx) => {
        await tx.query("insert into notes (body) values ('rolled back')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const left = (await client.query(
      "select count(*)::int as n from notes where body = 'rolled back'",
    )) as Rows<{
      n: number;
    }>;
    expect(left.rows[0]?.n).toBe(0);
  });

  it("runs transactions asked at the same time one after the other", async () => {
    const counts = await Promise.all(
      ["a", "b", "c"].map((name) =>
        client.transaction(async (tx) => {
          await tx.query("insert into notes (body) values ($1)", [`turn ${name}`]);
          await new Promise((resolve) => setTimeout(resolve, 10));
          const seen = (await tx.query(
            "select count(*)::int as n from notes where body like 'turn %'",
          )) as Rows<{
            n: number;
          }>;
          return seen.rows[0]?.n;
        }),
      ),
    );
    expect(counts).toEqual([1, 2, 3]);
  });

  it.skipIf(process.platform !== "linux")(
    "runs below the priority of the thread that started it once asked (Linux)",
    async () => {
      const own = nicenessOf("/proc/thread-self/stat");
      const answer = await client.lowerPriority();
      if (!answer.lowered) throw new Error(answer.reason);
      const expected = Math.min(19, own + PGLITE_THREAD_NICENESS_ABOVE_SERVER);
      expect(answer.niceness).toBe(expected);
      expect(nicenessOf(`/proc/self/task/${answer.threadId}/stat`)).toBe(expected);
      expect(nicenessOf("/proc/thread-self/stat")).toBe(own);
      // Still answers, at its lower priority.
      expect(((await client.query("select 1 as one")) as Rows<{ one: number }>).rows).toEqual([{ one: 1 }]);
    },
  );

  it("a long query does not block this thread", async () => {
    const order: string[] = [];
    const long = client
      .query("select count(*) from generate_series(1, 2000000)")
      .then(() => order.push("query"));
    setImmediate(() => order.push("this thread"));
    await long;
    expect(order).toEqual(["this thread", "query"]);
  });
});

describe.skipIf(testEngine === "postgres")("the server's PGlite (in its worker) through drizzle", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase(
      { kind: "pglite", dataDir: await templateFolder() },
      { pgliteInWorker: true },
    );
  }, 60_000);
  afterAll(() => handle.close());

  it("migrates, writes in a transaction and reads back", { timeout: 60_000 }, async () => {
    await migrateDatabase(handle.db, { kind: "pglite", dataDir: null }); // one read: all applied
    await handle.db.transaction(async (tx) => {
      await tx
        .insert(genres)
        .values({ slug: "worker-jazz", name: "Worker Jazz", description: "", colorIndex: 2 });
    });
    const rows = await handle.db
      .select({ name: genres.name })
      .from(genres)
      .where(sql`${genres.slug} = 'worker-jazz'`);
    expect(rows).toEqual([{ name: "Worker Jazz" }]);
    await handle.ping();
  });
});
