import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../test/test-database";
import { createSearchRepository } from "./search.repository";

describe(`search_page on a connection new to pg_trgm, on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(() => database.close());

  // Migration 0016's function reads pg_trgm's typo threshold, a setting a session has only once
  // pg_trgm's library is loaded there: the function sets it on entry, so a typo search can be the
  // first thing a connection asks.
  it("finds typos with the first statement the connection runs", async () => {
    const answer = await createSearchRepository(database.db).search({ q: "daft pnuk", limit: 3, offset: 0 });
    const artists = answer.groups.find((group) => group.type === "artist");
    expect(artists?.results[0]?.title).toBe("Daft Punk");
  });
});
