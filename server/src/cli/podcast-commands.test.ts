import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { podcasts } from "../db/schema";
import { feedFixturesFolder, serverRoot } from "../paths";
import { createTestDatabase, createTestDataDir, type TestDatabase, testEngine } from "../test/test-database";
import {
  CommandError,
  factsFromOptions,
  feedsToRefresh,
  podcastsAdd,
  podcastsList,
  podcastsRefresh,
} from "./podcast-commands";

const fixture = (file: string) => join(feedFixturesFolder, file);
const GOOD = "wondery-1865-art19-cdata-html-descriptions.xml";
const ATOM = "atom-basic-enclosures-audio-mp3-mime-antennapod.xml";
const BAD = "malformed-libsyn-missing-channel-element.xml";

describe(`podcast commands on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(() => database.close());

  it("checks the catalogue options before doing any work", () => {
    expect(
      factsFromOptions({ platform: "spotify", rating: "4.5", category: ["music history"], featured: true }),
    ).toEqual({
      platform: "Spotify",
      rating: 4.5,
      categories: ["Music History"],
      isFeatured: true,
    });
    expect(() => factsFromOptions({ rating: "7" })).toThrow(/--rating must be a number from 1 to 5/);
    expect(() => factsFromOptions({ rating: "4.55" })).toThrow(CommandError);
    expect(() => factsFromOptions({ platform: "Napster" })).toThrow(
      /--platform must be one of: Spotify, Apple Podcasts/,
    );
    expect(() => factsFromOptions({ category: ["Polka"] })).toThrow(/--category must be one of/);
    expect(() => factsFromOptions({ slug: "Not A Slug" })).toThrow(/--slug must be lower-case/);
  });

  it("adds a feed from a file with its catalogue facts, and adding it again updates nothing", async () => {
    const added = await podcastsAdd(database.db, fixture(GOOD), {
      rating: "4.1",
      platform: "Apple Podcasts",
      category: ["Music History"],
    });
    expect(added).toMatchObject({ status: "added", episodesAdded: 61 });
    const [row] = await database.db
      .select()
      .from(podcasts)
      .where(eq(podcasts.feedUrl, pathToFileURL(fixture(GOOD)).href));
    expect(row).toMatchObject({ ratingTenths: 41, platform: "Apple Podcasts", slug: "1865" });
    expect(await podcastsAdd(database.db, fixture(GOOD))).toMatchObject({
      status: "updated",
      episodesAdded: 0,
      episodesUpdated: 0,
    });
  });

  it("reports a feed that cannot be read, without storing it", async () => {
    const outcome = await podcastsAdd(database.db, fixture(BAD));
    expect(outcome).toMatchObject({ status: "failed", error: expect.stringMatching(/no <channel> element/) });
    expect((await podcastsList(database.db)).some((row) => row.feed.endsWith(BAD))).toBe(false);
  });

  it("refresh reads the named feeds, or those due, or --all; unknown names are refused", async () => {
    await podcastsAdd(database.db, fixture(ATOM));
    // Everything was read just now: nothing is due.
    expect(await feedsToRefresh(database.db, [], false)).toEqual([]);
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect((await feedsToRefresh(database.db, [], false, later)).length).toBe(
      (await podcastsList(database.db)).length,
    );
    const all = await podcastsRefresh(database.db, [], { all: true });
    expect(all).toMatchObject({ added: 0, failed: 0 });
    expect(all.updated).toBe(10);
    const named = await podcastsRefresh(database.db, ["1865", "green-room-sessions"], {});
    expect(named.outcomes.map((o) => o.status)).toEqual(["updated", "updated"]);
    await expect(podcastsRefresh(database.db, ["no-such-show"], {})).rejects.toThrow(
      /No podcast has the id, slug or feed address "no-such-show"/,
    );
  });

  it("lists podcasts with episode counts and errors", async () => {
    const rows = await podcastsList(database.db);
    expect(rows.find((row) => row.slug === "green-room-sessions")).toMatchObject({
      episodes: 9,
      lastError: "",
    });
  });

  // Six child processes on their own PGlite folders: once is enough (the PostgreSQL suite skips it).
  // They start from a migrated folder (no initdb), and those that do not depend on each other run
  // side by side, each database command on its own copy of the folder (a folder takes one process).
  it.skipIf(testEngine === "postgres")(
    "runs as a program: progress on stderr, a summary on stdout, exit code 1 when a feed fails",
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "waveform-podcasts-cli-"));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const folder = (name: string) => join(dir, name);
      await (await createTestDataDir(folder("data"))).close();
      const copy = (from: string, to: string) => cpSync(folder(from), folder(to), { recursive: true });
      const runEntry = (dataDir: string, entry: string, ...args: string[]) =>
        new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
          const child = execFile(
            process.execPath,
            ["--import", "tsx", join(serverRoot, "src", "cli", entry), ...args],
            {
              env: {
                ...process.env,
                DATA_DIR: folder(dataDir),
                DATABASE_URL: "",
                INIT_CWD: feedFixturesFolder,
              },
              encoding: "utf8",
              timeout: 60_000,
            },
            (error, stdout, stderr) => {
              if (error && typeof error.code !== "number") reject(error);
              else resolve({ status: child.exitCode, stdout, stderr });
            },
          );
        });
      const run = (dataDir: string, ...args: string[]) => runEntry(dataDir, "podcasts.ts", ...args);

      copy("data", "data-bad");
      const [added, failed, badOption] = await Promise.all([
        run("data", "add", GOOD, "--platform", "Spotify"),
        run("data-bad", "add", BAD),
        run("no-data", "add", GOOD, "--rating", "nine"), // refused before any database work
      ]);
      expect(added.status).toBe(0);
      expect(added.stderr).toMatch(/added "1865": 61 episodes/);
      expect(added.stdout).toBe("added 1, updated 0, unchanged 0, failed 0\n");

      expect(failed.status).toBe(1);
      expect(failed.stderr).toMatch(/FAILED .*no <channel> element/);
      expect(failed.stdout).toBe("added 0, updated 0, unchanged 0, failed 1\n");

      expect(badOption.status).toBe(1);
      expect(badOption.stderr).toMatch(/podcasts: --rating must be a number from 1 to 5/);

      // With "1865" added: refresh, and the admin CLI, which mounts the same commands.
      copy("data", "data-admin-refresh");
      copy("data", "data-admin-list");
      const [refreshed, viaAdmin, listed] = await Promise.all([
        run("data", "refresh", "--all"),
        runEntry("data-admin-refresh", "admin.ts", "podcasts", "refresh", "1865"),
        runEntry("data-admin-list", "admin.ts", "podcasts", "list"),
      ]);
      expect(refreshed.status).toBe(0);
      expect(refreshed.stderr).toMatch(/\[1\/1\] updated "1865": 0 new, 0 changed episodes/);

      expect(viaAdmin.status).toBe(0);
      expect(viaAdmin.stdout).toBe("added 0, updated 1, unchanged 0, failed 0\n");
      expect(listed.stdout).toMatch(/1865/);
    },
  );
});
