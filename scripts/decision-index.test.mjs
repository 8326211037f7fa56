import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md indexes the decision records: every file in docs/decisions/ is named there
 * and every name there is a file. A record added without its row, or a row left behind by a
 * renamed record, fails here.
 */
const repo = join(import.meta.dirname, "..");
const HEADING = "## The decision records";

/** The links to decision records in the index section of an architecture text. */
function indexedRecords(architecture) {
  const start = architecture.indexOf(HEADING);
  if (start < 0) throw new Error(`docs/architecture.md has no "${HEADING}" section`);
  const rest = architecture.slice(start + HEADING.length);
  const next = rest.search(/^## /m);
  const section = next < 0 ? rest : rest.slice(0, next);
  return [...section.matchAll(/\[([^\]]+)\]\(decisions\/([^)#\s]+)\)/g)].map(([, text, file]) => ({
    text,
    file,
  }));
}

describe("the decision index", () => {
  const records = readdirSync(join(repo, "docs", "decisions")).filter((file) => file.endsWith(".md"));
  const indexed = indexedRecords(readFileSync(join(repo, "docs", "architecture.md"), "utf8"));

  it("names every decision record", () => {
    const named = new Set(indexed.map((link) => link.file));
    expect(
      records.filter((file) => !named.has(file)),
      "add a row for these to docs/architecture.md's decision index",
    ).toEqual([]);
  });

  it("names only records that exist", () => {
    expect(
      indexed.map((link) => link.file).filter((file) => !records.includes(file)),
      "these rows of docs/architecture.md's decision index name no file in docs/decisions/",
    ).toEqual([]);
  });

  it("shows each record under its own number", () => {
    const mislabelled = indexed
      .filter((link) => /^\d{4}$/.test(link.text) && !link.file.startsWith(`${link.text}-`))
      .map((link) => `${link.text} -> ${link.file}`);
    expect(mislabelled).toEqual([]);
  });
});
