import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, outbox } from "../db/schema";
import { feedFixturesFolder } from "../paths";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";
import { adsAdd, adsEnd, newsletterExport } from "./admin-commands";
import { podcastsAdd, podcastsRefresh } from "./podcast-commands";

/** The CLI writes through the same repositories as the console: each one is in the audit trail as `cli`. */
describe(`the content commands' audit trail on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(() => database.close());

  const latest = async () => {
    const [entry] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    return entry;
  };

  it("records ads add and end as the CLI, with the row before and after", async () => {
    const id = await adsAdd(database.db, {
      slug: "cli-audited",
      title: "From the command line",
      description: "d",
      ctaText: "Go",
      ctaUrl: "https://example.org/",
    });
    expect(await latest()).toMatchObject({
      actorKind: "cli",
      actorLabel: "cli",
      operatorId: null,
      entity: "advertisement",
      entityId: String(id),
      action: "create",
    });
    await adsEnd(database.db, "cli-audited");
    const ended = await latest();
    expect(ended).toMatchObject({ action: "end", before: { active: true }, after: { active: false } });
  });

  it("records a podcast added and refreshed from the CLI", async () => {
    const file = join(feedFixturesFolder, "atom-basic-enclosures-audio-mp3-mime-antennapod.xml");
    const added = await podcastsAdd(database.db, file);
    expect(added.status).toBe("added");
    const create = await latest();
    expect(create).toMatchObject({ actorKind: "cli", entity: "podcast", action: "create" });
    await podcastsRefresh(database.db, [create?.entityId ?? ""], {});
    expect(await latest()).toMatchObject({ actorKind: "cli", entityId: create?.entityId, action: "refresh" });
  });

  it("records a subscriber export with its status and row count, never an address", async () => {
    await database.db.delete(outbox);
    await newsletterExport(database.db, "all");
    const entry = await latest();
    expect(entry).toMatchObject({
      actorKind: "cli",
      entity: "subscribers",
      action: "export",
      after: { status: "all" },
    });
    expect(JSON.stringify(entry)).not.toMatch(/@/);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.entity, "subscribers"));
    expect(rows).toHaveLength(1);
  });
});
