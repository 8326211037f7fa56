import type { KvStoreSetOptions } from "@fedify/fedify";
import { Temporal } from "@js-temporal/polyfill";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { federationKv } from "../../../db/schema";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../test/test-database";
import { DbKvStore, decodeKey, encodeKey, purgeExpiredKv } from "./db-kv-store";

/**
 * A duration as Fedify takes it: its types name TypeScript's own Temporal, while at run time it
 * works with the polyfill's objects (Node has no Temporal of its own yet).
 */
const milliseconds = (ms: number) =>
  Temporal.Duration.from({ milliseconds: ms }) as unknown as NonNullable<KvStoreSetOptions["ttl"]>;

const seconds = (n: number) => milliseconds(n * 1000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe(`Fedify's key–value store on ${testEngine}`, () => {
  let handle: TestDatabase;
  let kv: DbKvStore;
  beforeAll(async () => {
    handle = await createTestDatabase();
    kv = new DbKvStore(handle.db);
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    await handle.db.delete(federationKv);
  });

  it("gets what was set, JSON of every kind, and nothing once deleted", async () => {
    const values: unknown[] = ["text", 42, true, null, [1, "two"], { a: { b: [null] } }];
    for (const [at, value] of values.entries()) await kv.set(["value", String(at)], value);
    for (const [at, value] of values.entries()) expect(await kv.get(["value", String(at)])).toEqual(value);
    await kv.set(["value", "0"], "replaced");
    expect(await kv.get(["value", "0"])).toBe("replaced");
    await kv.delete(["value", "0"]);
    expect(await kv.get(["value", "0"])).toBeUndefined();
    expect(await kv.get(["never", "set"])).toBeUndefined();
  });

  it("keeps keys apart whatever their parts hold (separators, empty parts, one part or two)", async () => {
    const keys: string[][] = [
      ["a", "b"],
      ["a\u0001b"],
      ["ab"],
      ["a", ""],
      ["a"],
      ["a\u0002", "b"],
      ["a", "\u0001b"],
    ];
    for (const [at, key] of keys.entries()) await kv.set(key as [string, ...string[]], at);
    for (const [at, key] of keys.entries()) {
      expect(await kv.get(key as [string, ...string[]])).toBe(at);
      expect(decodeKey(encodeKey(key))).toEqual(key);
    }
  });

  it("makes an entry invisible once its ttl has passed, and the purge deletes it", async () => {
    await kv.set(["ttl", "short"], "soon gone", { ttl: seconds(2) });
    await kv.set(["ttl", "long"], "stays", { ttl: seconds(60) });
    await kv.set(["ttl", "none"], "stays");
    expect(await kv.get(["ttl", "short"])).toBe("soon gone");
    await sleep(2_100);
    expect(await kv.get(["ttl", "short"])).toBeUndefined();
    expect((await collect(kv.list(["ttl"]))).map((entry) => entry.key)).toEqual([
      ["ttl", "long"],
      ["ttl", "none"],
    ]);
    expect(await purgeExpiredKv(handle.db)).toBe(1);
    const rows = await handle.db.select({ key: federationKv.key }).from(federationKv);
    expect(rows.map((row) => decodeKey(row.key))).toEqual(
      expect.arrayContaining([
        ["ttl", "long"],
        ["ttl", "none"],
      ]),
    );
    expect(rows).toHaveLength(2);
    // Set again without a ttl, an entry keeps no expiry from before.
    await kv.set(["ttl", "long"], "forever");
    expect(await kv.get(["ttl", "long"])).toBe("forever");
  });

  it("swaps only from the value expected: undefined means absent or expired", async () => {
    expect(await kv.cas(["cas"], undefined, { n: 1 })).toBe(true);
    expect(await kv.cas(["cas"], undefined, { n: 2 })).toBe(false);
    expect(await kv.cas(["cas"], { n: 9 }, { n: 2 })).toBe(false);
    expect(await kv.get(["cas"])).toEqual({ n: 1 });
    expect(await kv.cas(["cas"], { n: 1 }, { n: 2, tag: "x" })).toBe(true);
    // JSON equality: the order of an object's keys does not matter.
    expect(await kv.cas(["cas"], { tag: "x", n: 2 }, "three", { ttl: seconds(1) })).toBe(true);
    await sleep(1_100);
    expect(await kv.cas(["cas"], "three", "four")).toBe(false);
    expect(await kv.cas(["cas"], undefined, "four")).toBe(true);
    expect(await kv.get(["cas"])).toBe("four");
  });

  it("lets exactly one of many swapping at once win, each time", async () => {
    // On PostgreSQL the eight run at once on connections of the pool, as eight servers would.
    await kv.set(["race"], 0);
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all(Array.from({ length: 8 }, () => kv.cas(["race"], round, round + 1)));
      expect(results.filter(Boolean)).toHaveLength(1);
    }
    expect(await kv.get(["race"])).toBe(10);
    const firsts = await Promise.all(
      Array.from({ length: 8 }, (_, racer) => kv.cas(["fresh"], undefined, racer)),
    );
    expect(firsts.filter(Boolean)).toHaveLength(1);
  });

  it("lists the entries under a prefix in key order, and only those", async () => {
    const keys: Array<[string, ...string[]]> = [
      ["followers", "show", "b"],
      ["followers", "club"],
      ["followers", "show", "a"],
      ["followers", "show"],
      ["followers", "showcase", "x"],
      ["followersX"],
      ["follower"],
      ["followers", "show\u0001", "z"],
      ["followers", "show", "🎵 four bytes in UTF-8"],
    ];
    for (const key of keys) await kv.set(key, key.join("/"));
    const under = (prefix: [string, ...string[]]) =>
      collect(kv.list(prefix)).then((entries) => entries.map((entry) => entry.key));
    expect(await under(["followers", "show"])).toEqual([
      ["followers", "show"],
      ["followers", "show", "a"],
      ["followers", "show", "b"],
      ["followers", "show", "🎵 four bytes in UTF-8"],
    ]);
    expect(await under(["followers"])).toEqual([
      ["followers", "club"],
      ["followers", "show"],
      ["followers", "show", "a"],
      ["followers", "show", "b"],
      ["followers", "show", "🎵 four bytes in UTF-8"],
      ["followers", "show\u0001", "z"],
      ["followers", "showcase", "x"],
    ]);
    expect((await collect(kv.list())).length).toBe(keys.length);
    const [entry] = await collect(kv.list(["followersX"]));
    expect(entry).toEqual({ key: ["followersX"], value: "followersX" });
  });

  it("lists more entries than one page holds, each once", async () => {
    const n = 1203;
    await handle.db.execute(sql`
      insert into ${federationKv} (key, value)
      select 'many' || chr(1) || lpad(i::text, 5, '0') || chr(1), to_jsonb(i) from generate_series(1, ${n}) as i`);
    const entries = await collect(kv.list(["many"]));
    expect(entries.map((entry) => entry.value)).toEqual(Array.from({ length: n }, (_, at) => at + 1));
  });

  it("finds a prefix's entries by a range of the primary key, not a scan of the table", async () => {
    // Byte order whatever the database's collation: in a linguistic one (en_US) the separators
    // would be ignored, and a prefix's keys would not be one range.
    const collation = (await handle.db.execute(sql`
      select collation_name from information_schema.columns
      where table_name = 'federation_kv' and column_name = 'key'`)) as unknown as {
      rows: Array<{ collation_name: string }>;
    };
    expect(collation.rows[0]?.collation_name).toBe("C");
    const prefix = encodeKey(["followers", "show"]);
    const plan = await handle.db.transaction(async (tx) => {
      // A table this small would be read whole or through a bitmap anyway; what matters is that the
      // index can answer the range (a key compared in another collation could not).
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return (await tx.execute(sql`
        explain select key, value from ${federationKv}
        where key >= ${prefix} and key < ${`${prefix.slice(0, -1)}\u0002`} order by key`)) as unknown as {
        rows: Array<Record<string, string>>;
      };
    });
    const text = plan.rows.map((row) => Object.values(row).join(" ")).join("\n");
    expect(text).toMatch(/^Index Scan using federation_kv_pkey/);
    expect(text).toMatch(/Index Cond: \(\(key >= .*\) AND \(key < .*\)\)/);
  });
});
