import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { federationKv } from "../../../db/schema";

/**
 * A key's parts in one text, each part followed by \u0001 (a \u0001 or \u0002 inside a part is
 * written \u0002\u0003 or \u0002\u0002). Compared byte by byte (the column's collation is "C"),
 * encoded keys sort as their parts do, shorter first, and every key under a prefix starts with the
 * prefix's encoding: the keys under a prefix are one range of the primary key.
 */
export function encodeKey(key: readonly string[]): string {
  return key
    .map((part) => `${part.replaceAll("\u0002", "\u0002\u0002").replaceAll("\u0001", "\u0002\u0003")}\u0001`)
    .join("");
}

export function decodeKey(encoded: string): KvKey {
  const parts: string[] = [];
  let part = "";
  for (let at = 0; at < encoded.length; at++) {
    const char = encoded[at];
    if (char === "\u0001") {
      parts.push(part);
      part = "";
    } else if (char === "\u0002") {
      part += encoded[++at] === "\u0003" ? "\u0001" : "\u0002";
    } else part += char;
  }
  return parts as unknown as KvKey;
}

/** The first text after every key under `prefix`: its encoding with the last \u0001 made \u0002. */
function afterPrefix(encodedPrefix: string): string {
  return `${encodedPrefix.slice(0, -1)}\u0002`;
}

/** A Temporal duration in milliseconds (Fedify passes its own Temporal's; no global is needed). */
export function durationMs(duration: Temporal.Duration): number {
  return duration.total({ unit: "millisecond" });
}

const live = sql`(${federationKv.expiresAt} is null or ${federationKv.expiresAt} > now())`;

function expiresAt(options: KvStoreSetOptions | undefined) {
  return options?.ttl ? sql`now() + make_interval(secs => ${durationMs(options.ttl) / 1000})` : sql`null`;
}

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** Rows read per query while a list goes on (a list of every follower's key must not be one array). */
const LIST_PAGE = 500;

type Rows<T> = { rows: T[] };

/**
 * Fedify's key–value store on the club's own database, PGlite or PostgreSQL, shared by every server
 * on it. Times are the database's, so servers whose clocks differ agree on what has expired. An
 * expired entry is invisible at once and deleted by purgeExpiredKv (a background job).
 */
export class DbKvStore implements KvStore {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const result = (await this.#db.execute(
      sql`select ${federationKv.value} as value from ${federationKv} where ${federationKv.key} = ${encodeKey(key)} and ${live}`,
    )) as unknown as Rows<{ value: T }>;
    return result.rows[0]?.value;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    await this.#db.execute(sql`
      insert into ${federationKv} (key, value, expires_at) values (${encodeKey(key)}, ${jsonb(value)}, ${expiresAt(options)})
      on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
  }

  async delete(key: KvKey): Promise<void> {
    await this.#db.execute(sql`delete from ${federationKv} where ${federationKv.key} = ${encodeKey(key)}`);
  }

  /**
   * Sets `newValue` only if the key now holds `expectedValue` (undefined: holds nothing, or only an
   * expired entry), in one statement: the row lock makes of two servers swapping at once exactly one
   * succeed. Values compare as JSON (jsonb equality: the order of an object's keys does not matter).
   */
  async cas(
    key: KvKey,
    expectedValue: unknown,
    newValue: unknown,
    options?: KvStoreSetOptions,
  ): Promise<boolean> {
    const encoded = encodeKey(key);
    const result = (await this.#db.execute(
      expectedValue === undefined
        ? sql`
          insert into ${federationKv} as kv (key, value, expires_at) values (${encoded}, ${jsonb(newValue)}, ${expiresAt(options)})
          on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
          where kv.expires_at is not null and kv.expires_at <= now()
          returning 1 as swapped`
        : sql`
          update ${federationKv} set value = ${jsonb(newValue)}, expires_at = ${expiresAt(options)}
          where ${federationKv.key} = ${encoded} and ${federationKv.value} = ${jsonb(expectedValue)} and ${live}
          returning 1 as swapped`,
    )) as unknown as Rows<{ swapped: number }>;
    return result.rows.length === 1;
  }

  /** The live entries under `prefix` (every entry without one), in key order, read a page at a time. */
  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const encodedPrefix = prefix ? encodeKey(prefix) : "";
    const end = prefix ? sql`and ${federationKv.key} < ${afterPrefix(encodedPrefix)}` : sql``;
    let after: string | null = null;
    for (;;) {
      const from =
        after === null ? sql`${federationKv.key} >= ${encodedPrefix}` : sql`${federationKv.key} > ${after}`;
      const result = (await this.#db.execute(sql`
        select ${federationKv.key} as key, ${federationKv.value} as value from ${federationKv}
        where ${from} ${end} and ${live}
        order by ${federationKv.key} limit ${LIST_PAGE}`)) as unknown as Rows<{
        key: string;
        value: unknown;
      }>;
      for (const row of result.rows) yield { key: decodeKey(row.key), value: row.value };
      if (result.rows.length < LIST_PAGE) return;
      after = result.rows[result.rows.length - 1]?.key ?? null;
    }
  }
}

/** Deletes the entries whose time has passed (they were invisible already); returns how many. */
export async function purgeExpiredKv(db: Database): Promise<number> {
  const result = (await db.execute(sql`
    with purged as (delete from ${federationKv} where ${federationKv.expiresAt} <= now() returning 1)
    select count(*)::int as n from purged`)) as unknown as Rows<{ n: number }>;
  return Number(result.rows[0]?.n ?? 0);
}
