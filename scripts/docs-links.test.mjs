import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every relative link in README.md and docs/ leads somewhere: the file or folder exists, and a
 * `#fragment` into a Markdown file names one of its headings. Addresses outside the repository
 * (http, https, mailto) are not followed.
 */
const repo = join(import.meta.dirname, "..");

function markdownFiles() {
  const docs = readdirSync(join(repo, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => join(repo, "docs", file));
  return [join(repo, "README.md"), ...docs];
}

/** The text without fenced code blocks and inline code, where a bracket is not a link. */
function withoutCode(text) {
  return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "``");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading) {
  return heading
    .replace(/`/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchorsOf(file) {
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of readFileSync(file, "utf8").matchAll(/^#{1,6} +(.+?) *$/gm)) {
    const base = anchor(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Where each relative link of a Markdown text leads, and whether it is there. */
function brokenLinks(file, text) {
  const broken = [];
  for (const [, target] of withoutCode(text).matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [path, fragment] = target.split("#");
    const resolved = path ? join(dirname(file), decodeURI(path)) : file;
    const name = `${relative(repo, file)} -> ${target}`;
    if (!existsSync(resolved)) broken.push(`${name} (no such file)`);
    else if (fragment && resolved.endsWith(".md") && !anchorsOf(resolved).has(fragment))
      broken.push(`${name} (no such heading)`);
  }
  return broken;
}

describe("links in README.md and docs/", () => {
  it("lead to files and headings that exist", () => {
    const broken = markdownFiles().flatMap((file) => brokenLinks(file, readFileSync(file, "utf8")));
    expect(broken).toEqual([]);
  });

  it("are found in running text and skipped in code", () => {
    const file = join(repo, "README.md");
    expect(
      brokenLinks(
        file,
        "[a](docs/planted.md) [b](docs/architecture.md#planted) [c](https://example.org/x) `[d](planted)`\n```\n[e](planted)\n```\n[f](docs/architecture.md#the-decision-records)",
      ),
    ).toEqual([
      "README.md -> docs/planted.md (no such file)",
      "README.md -> docs/architecture.md#planted (no such heading)",
    ]);
  });
});
