import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedDatabase } from "../db/seed";

/** This run's template databases on the PostgreSQL of TEST_DATABASE_URL (see createTestDatabase). */
export interface PostgresTemplates {
  /** Every migration applied, no rows. */
  migrated: string;
  /** The same, then seedDatabase. */
  seeded: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresTemplates: PostgresTemplates;
  }
}

/** The database `name` beside TEST_DATABASE_URL's. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.href;
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL must be set for the PostgreSQL suite");
  return url;
}

/** Runs statements on TEST_DATABASE_URL's database, one connection for all of them. */
export async function adminQuery(...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Vitest global setup of the PostgreSQL server suite. A test database is a copy of one of two
 * template databases made here once per run (`create database … template …`, a file copy inside
 * the server) instead of a new database that runs every migration, and the seed when the test asks
 * for one: on a 2-core machine that was 0.7 s (migrated) and 2–4 s (seeded) per test file.
 *
 * The templates are made by the same migrate and seed code as any database, then left without
 * connections (PostgreSQL copies only a database nobody is connected to), and dropped at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString("hex");
  const templates: PostgresTemplates = {
    migrated: `waveform_template_${run}_migrated`,
    seeded: `waveform_template_${run}_seeded`,
  };
  const drop = () =>
    adminQuery(...Object.values(templates).map((name) => `drop database if exists ${name} with (force)`));
  try {
    await adminQuery(`create database ${templates.migrated}`);
    const migratedConfig = { kind: "postgres" as const, url: databaseUrl(templates.migrated) };
    const migrated = await openDatabase(migratedConfig);
    try {
      await migrateDatabase(migrated.db, migratedConfig);
    } finally {
      await migrated.close();
    }
    await adminQuery(`create database ${templates.seeded} template ${templates.migrated}`);
    const seeded = await openDatabase({ kind: "postgres", url: databaseUrl(templates.seeded) });
    try {
      await seedDatabase(seeded.db);
    } finally {
      await seeded.close();
    }
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide("postgresTemplates", templates);
  return drop;
}
