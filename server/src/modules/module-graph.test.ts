import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../paths";
import { findCycle, type ModuleTie, readModuleGraph } from "../test/module-graph";

const OVERVIEW = join(repoRoot, "docs", "architecture.md");
/** The line before the graph's mermaid block in docs/architecture.md. */
const MARKER = "<!-- The server modules' graph, checked by server/src/modules/module-graph.test.ts -->";

/**
 * The graph as docs/architecture.md shows it: a line per module and kind of tie, imports as
 * `a --> b & c`, a decorator as a dotted arrow labelled with its use (`a -.->|app.insights| b`),
 * and a module with no tie either way on a line of its own.
 */
function mermaid(modules: readonly string[], ties: readonly ModuleTie[]): string[] {
  const tied = new Set(ties.flatMap((tie) => [tie.from, tie.to]));
  const lines = modules.filter((module) => !tied.has(module)).map((module) => `  ${module}`);
  for (const from of [...new Set(ties.map((tie) => tie.from))]) {
    const own = ties.filter((tie) => tie.from === from);
    const imports = own.filter((tie) => tie.via === "import").map((tie) => tie.to);
    if (imports.length > 0) lines.push(`  ${from} --> ${imports.join(" & ")}`);
    for (const tie of own.filter((tie) => tie.via !== "import"))
      lines.push(`  ${from} -.->|${tie.via}| ${tie.to}`);
  }
  return ["```mermaid", "flowchart LR", ...lines, "```"];
}

/** The mermaid block after the marker, without the list item's indent. */
function documentedGraph(markdown: string): string[] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim() === MARKER) + 1;
  if (start === 0) return [];
  const indent = /^\s*/.exec(lines[start] ?? "")?.[0].length ?? 0;
  const end = lines.findIndex((line, at) => at > start && line.trim() === "```");
  return lines.slice(start, end + 1).map((line) => line.slice(indent).trimEnd());
}

describe("the server modules' graph", () => {
  const { modules, ties } = readModuleGraph(join(repoRoot, "server", "src", "modules"));

  it("is the one docs/architecture.md shows (rule 2)", () => {
    const expected = mermaid(modules, ties);
    const documented = documentedGraph(readFileSync(OVERVIEW, "utf8"));
    expect(
      documented,
      `docs/architecture.md, rule 2, after the line\n${MARKER}\nshould read (indented by the list item):\n\n${expected.join("\n")}\n`,
    ).toEqual(expected);
  });

  it("runs one way, decorators counted: no module depends on itself through others", () => {
    const cycle = findCycle(ties);
    expect(cycle, `modules tied in a circle: ${cycle?.join(" → ")}`).toBeNull();
  });

  it("sees ties through imports and through Fastify decorators", () => {
    // The reader itself: if either kind went unseen, the two checks above would pass on nothing.
    expect(ties).toContainEqual({ from: "playlists", to: "genres", via: "import" });
    expect(ties).toContainEqual({ from: "spotify", to: "insights", via: "app.insights" });
  });
});
