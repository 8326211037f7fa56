import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { repeatableFolder } from "../paths";
import type { Database } from "./client";

/**
 * A repeatable migration (Flyway's term): a file of statements that can run again (`CREATE OR
 * REPLACE`), applied after the numbered migrations whenever its text changes. The search functions
 * live in one (repeatable/search-functions.sql), so their current definitions are one file rather
 * than the last of several migrations.
 */
export interface RepeatableFile {
  /** The file's name, which its record in the database is kept under. */
  name: string;
  /** sha-256 of its text (line ends as `\n`, so a checkout with `\r\n` does not apply it again). */
  checksum: string;
  /** Its statements, parted as the migrations' are. */
  statements: string[];
}

/** The record of what was applied: each file's name and the checksum of the text applied. */
const RECORD = sql`drizzle.repeatable_migrations`;

export function repeatableFile(name: string, text: string): RepeatableFile {
  const normalised = text.replace(/\r\n/g, "\n");
  return {
    name,
    checksum: createHash("sha256").update(normalised).digest("hex"),
    statements: normalised.split("--> statement-breakpoint"),
  };
}

/** The repeatable files, in name order. */
export function readRepeatableFiles(folder = repeatableFolder): RepeatableFile[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => repeatableFile(name, readFileSync(join(folder, name), "utf8")));
}

/**
 * The statement that reads the applied checksums, as JSON text (`{}` when none), for a read that
 * asks for more in the same round trip. Fails when the record does not exist yet.
 */
export const appliedChecksumsSql = sql`(select coalesce(json_object_agg(name, checksum), '{}')::text
  from ${RECORD})`;

/** Whether every file's text is the one applied (`applied`: appliedChecksumsSql's JSON). */
export function areApplied(files: RepeatableFile[], applied: string | null | undefined): boolean {
  const checksums = JSON.parse(applied ?? "{}") as Record<string, string>;
  return files.every((file) => checksums[file.name] === file.checksum);
}

/**
 * Applies each file whose text changed since it was last applied (or never was), each in one
 * transaction with its new record; returns their names. The caller holds the migrations' lock on
 * PostgreSQL, so a server that waited for it reads the records another has just written.
 */
export async function applyRepeatableFiles(db: Database, files: RepeatableFile[]): Promise<string[]> {
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(sql`create table if not exists ${RECORD} (
    name text primary key,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`);
  // PGlite's and node-postgres' results both carry `rows`.
  const { rows } = (await db.execute(sql`select ${appliedChecksumsSql} as applied`)) as unknown as {
    rows: { applied: string }[];
  };
  const applied = rows[0]?.applied ?? "{}";
  const changed = files.filter((file) => !areApplied([file], applied));
  for (const file of changed) {
    await db.transaction(async (tx) => {
      for (const statement of file.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into ${RECORD} (name, checksum) values (${file.name}, ${file.checksum})
        on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`);
    });
  }
  return changed.map((file) => file.name);
}
