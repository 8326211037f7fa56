import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONSENT_TEXT_VERSION } from "@waveform/contracts/newsletter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions } from "../db/schema";
import { serverRoot } from "../paths";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";
import {
  adsAdd,
  adsEnd,
  adsList,
  catalogueExport,
  catalogueImport,
  newsletterExport,
} from "./admin-commands";

describe(`admin commands on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(() => database.close());

  it("exports a catalogue that imports back to the same catalogue", async () => {
    const before = await catalogueExport(database.db);
    expect(before.playlists).toHaveLength(32);
    const summary = await catalogueImport(database.db, JSON.stringify(before), { dryRun: false });
    expect(summary).toMatchObject({ genres: 10, playlists: 32, releases: 13, advertisements: 2 });
    expect(await catalogueExport(database.db)).toEqual(before);
  });

  it("a dry run checks everything and writes nothing", async () => {
    const document = await catalogueExport(database.db);
    const genre = document.genres[0];
    if (genre) genre.description = "Changed by a dry run";
    await catalogueImport(database.db, JSON.stringify(document), { dryRun: true });
    expect((await catalogueExport(database.db)).genres[0]?.description).not.toBe("Changed by a dry run");
  });

  it("a failed import changes nothing", async () => {
    const before = await catalogueExport(database.db);
    const document = structuredClone(before);
    if (document.genres[0]) document.genres[0].description = "Half-written";
    const playlist = document.playlists[5];
    if (playlist) playlist.genre = "polka";
    await expect(catalogueImport(database.db, JSON.stringify(document), { dryRun: false })).rejects.toThrow(
      /no genre with slug "polka"/,
    );
    expect(await catalogueExport(database.db)).toEqual(before);
  });

  it("refuses files that are not JSON or break the schema, naming the problem", async () => {
    await expect(catalogueImport(database.db, "{nope", { dryRun: false })).rejects.toThrow(/not JSON/);
    await expect(
      catalogueImport(
        database.db,
        JSON.stringify({
          version: 1,
          genres: [],
          playlists: [],
          releases: [],
          advertisements: [{ slug: "x" }],
        }),
        {
          dryRun: false,
        },
      ),
    ).rejects.toThrow(/advertisements\.0\.title/);
  });

  it("adds, lists and ends advertisements, refusing non-http calls to action", async () => {
    await expect(
      adsAdd(database.db, {
        slug: "bad",
        title: "t",
        description: "d",
        ctaText: "c",
        ctaUrl: "javascript:alert(1)",
      }),
    ).rejects.toThrow(/http\(s\)/);
    const id = await adsAdd(database.db, {
      slug: "winter-sale",
      title: "Winter sale",
      description: "20% off vinyl",
      ctaText: "Shop",
      ctaUrl: "https://bandcamp.com/",
      weight: 50,
    });
    expect((await adsList(database.db)).find((ad) => ad.id === id)).toMatchObject({ live: true, weight: 50 });
    await adsEnd(database.db, "winter-sale");
    expect((await adsList(database.db)).find((ad) => ad.id === id)).toMatchObject({
      live: false,
      active: false,
    });
    await expect(adsEnd(database.db, "nope")).rejects.toThrow(/No advertisement "nope"/);
  });

  it("exports confirmed subscribers as CSV by default", async () => {
    const consent = { consentAt: new Date("2026-11-20T10:00:00Z"), consentTextVersion: CONSENT_TEXT_VERSION };
    await database.db.insert(newsletterSubscriptions).values([
      {
        email: "yes@example.com",
        status: "confirmed",
        confirmedAt: new Date("2026-11-20T10:05:00Z"),
        sourcePage: "/",
        ...consent,
      },
      { email: "maybe@example.com", status: "pending", ...consent },
    ]);
    const csv = await newsletterExport(database.db, "confirmed");
    expect(csv).toBe(
      `email,status,consent_at,consent_text_version,source_page,confirmed_at\nyes@example.com,confirmed,2026-11-20T10:00:00.000Z,${CONSENT_TEXT_VERSION},/,2026-11-20T10:05:00.000Z\n`,
    );
    expect((await newsletterExport(database.db, "all")).trim().split("\n")).toHaveLength(3);
  });
});

// The program runs on a PGlite folder of its own (DATABASE_URL is cleared) whichever suite runs
// this file: once is enough (the PostgreSQL suite skips it).
describe.skipIf(testEngine === "postgres")("the admin command line", () => {
  // A new process on a new PGlite folder: it migrates first, which takes tens of seconds on a busy
  // machine; the process's own timeout comes first.
  it("exits non-zero with a readable message for a bad file, before opening a database", {
    timeout: 120_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), "waveform-admin-"));
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ version: 2 }));
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", join(serverRoot, "src", "cli", "admin.ts"), "catalogue", "import", file],
      {
        env: { ...process.env, DATA_DIR: join(dir, "data"), DATABASE_URL: "" },
        encoding: "utf8",
        timeout: 100_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/admin: The catalogue file is not valid:\n {2}version:/);
    // Checked before any database opens: no data folder was made (and no seeding waited for).
    expect(existsSync(join(dir, "data"))).toBe(false);
  });
});
