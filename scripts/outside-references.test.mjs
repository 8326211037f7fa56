import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The repository explains itself: no tracked file sends its reader to a document outside it (the
 * product description and architecture notes the project started from, or the folder beside the
 * repository they lived in). What a reader needs is said here, in docs/ (docs/product.md for the
 * product). Words that merely look alike pass: "spec" in a test name, a `*.spec.ts` file,
 * `CONSOLE_SPECS`, "SPECIAL" in a podcast feed, "shared by".
 */
const repo = join(import.meta.dirname, "..");

/**
 * The outside documents' names, put together here so that this file, which is scanned like any
 * other, never cites them itself: the product description and the architecture notes (each by its
 * name as a word of capitals, with a section sign, `.md` or `'s` after it), the style anchors, and
 * the folder beside the repository (reached by `..`, or by its absolute path, or as its fixtures).
 */
const PRODUCT = ["SP", "EC"].join("");
const NOTES = ["ARCHI", "TECTURE"].join("");
const ANCHORS = ["STYLE", "ANCHORS"].join("-");
const BESIDE = ["..", "shared"].join("/");
const ABSOLUTE = ["", "work", "shared"].join("/");
const FIXTURES = ["shared", "fixtures"].join("/");

const word = (name) => new RegExp(`(?<![\\w-])${name}(?![\\w-])`);
const outsideReferences = [
  { name: "the product description", pattern: word(PRODUCT) },
  { name: "the architecture notes", pattern: word(NOTES) },
  { name: "the style anchors", pattern: new RegExp(ANCHORS) },
  { name: "the folder beside the repository", pattern: /(?:\.\.|\/work)\/shared(?![\w-])/ },
  { name: "the folder beside the repository", pattern: word(FIXTURES) },
];

/** Tracked files that are not text a person reads: generated, vendored or binary. */
const skipped = [/(^|\/)package-lock\.json$/, /(^|\/)node_modules\//];

/** Each line of `text` that refers outside the repository, as `file:line: text`. */
function findOutsideReferences(file, text) {
  const found = [];
  text.split("\n").forEach((line, index) => {
    const hit = outsideReferences.find(({ pattern }) => pattern.test(line));
    if (hit) found.push(`${file}:${index + 1}: ${hit.name}: ${line.trim().slice(0, 160)}`);
  });
  return found;
}

/** Tracked files, and new ones not yet added (ignored files left out). */
function trackedTextFiles() {
  const listed = ["ls-files", "-z", "--cached", "--others", "--exclude-standard"];
  const files = execFileSync("git", listed, { cwd: repo, encoding: "utf8" })
    .split("\0")
    .filter((file) => file && !skipped.some((pattern) => pattern.test(file)));
  return files.flatMap((file) => {
    let bytes;
    try {
      bytes = readFileSync(join(repo, file));
    } catch {
      return []; // deleted in the work tree, not yet in the index
    }
    // A NUL byte in the first 8 KB: binary (images, fonts, audio), as git itself decides.
    if (bytes.subarray(0, 8000).includes(0)) return [];
    return [{ file, text: bytes.toString("utf8") }];
  });
}

describe("references to documents outside the repository", () => {
  it("catches each way of citing them, and passes words that only look alike", () => {
    const cited = [
      `// ${PRODUCT} §8: at most one notification`,
      `/** The 404 page (${NOTES} §3). */`,
      `see ${PRODUCT}.md and ${NOTES}.md`,
      `as the ${PRODUCT}'s table says`,
      `(\`${BESIDE}/fixtures/spotify/NOTES.md\`)`,
      `read ${ABSOLUTE}/${ANCHORS}.md`,
      `copied from ${FIXTURES}/podcast-feeds`,
    ];
    const alike = [
      'it("shows the spec\'s messages")',
      'const CONSOLE_SPECS = "**/console-*.spec.ts";',
      "const EARLY_ACTIONS_SPEC = 1;",
      "a SPECIAL HALLOWEEN SHOW",
      "screens.spec and layout.spec's journeys",
      "one chunk shared by every route; see shared/fixtures-like names such as shared/fixturesque",
      "the machine's 2 cores are shared/contended",
    ];
    expect(cited.filter((line) => findOutsideReferences("x", line).length === 0)).toEqual([]);
    expect(alike.flatMap((line) => findOutsideReferences("x", line))).toEqual([]);
  });

  it("appear in no tracked text file", () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(({ file, text }) => findOutsideReferences(file, text))).toEqual([]);
  });
});
