import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { envDoc } from "../lib/env-doc";
import { repoRoot } from "../paths";
import { CONFIGURATION_DOC, documentedVariables, renderConfigurationReference } from "./config-reference";

/** Names read as `process.env.NAME`, `env.NAME`, `someEnv.NAME` or `env["NAME"]` in a source text. */
function variablesReadIn(text: string): string[] {
  const pattern = /(?:\benv|Env)\??(?:\.|\[\s*["'])([A-Z][A-Z0-9_]+)\b/g;
  return [...text.matchAll(pattern)].map((match) => match[1] ?? "");
}

/** The code that runs as the server or its CLI: not tests, test helpers or benches. */
function productSources(): string[] {
  return ["server/src", "contracts/src"].flatMap((folder) =>
    readdirSync(join(repoRoot, folder), { recursive: true, encoding: "utf8" })
      .map((file) => join(folder, file))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => !file.startsWith("server/src/test/") && !file.startsWith("server/src/bench/")),
  );
}

describe("the configuration reference", () => {
  it(`${CONFIGURATION_DOC} is what \`npm run docs:config\` renders from the schema`, () => {
    const onDisk = readFileSync(join(repoRoot, CONFIGURATION_DOC), "utf8");
    expect(
      onDisk,
      `${CONFIGURATION_DOC} differs from the configuration schema: run \`npm run docs:config\` and commit the file`,
    ).toBe(renderConfigurationReference());
  });

  it("describes every environment variable the server, its CLI and the contracts read", () => {
    const documented = new Set(documentedVariables());
    const undocumented = productSources().flatMap((file) =>
      variablesReadIn(readFileSync(join(repoRoot, file), "utf8"))
        .filter((name) => !documented.has(name))
        .map((name) => `${name} (${relative(repoRoot, join(repoRoot, file))})`),
    );
    expect(
      undocumented,
      "describe these in server/src/env-schema.ts, then run `npm run docs:config`",
    ).toEqual([]);
  });

  it("finds a variable read in any of the ways the code reads them", () => {
    expect(
      variablesReadIn(
        'process.env.PLANTED_A; env.PLANTED_B; checkedEnv.PLANTED_C; env?.PLANTED_D; env["PLANTED_E"]; env.lower',
      ),
    ).toEqual(["PLANTED_A", "PLANTED_B", "PLANTED_C", "PLANTED_D", "PLANTED_E"]);
  });

  it("refuses a variable without a description, or one that says nothing of its unset value", () => {
    const described = z.string().default("x").meta(envDoc("Logs", "A planted variable."));
    expect(() => renderConfigurationReference(z.object({ PLANTED: z.string().default("x") }))).toThrow(
      /PLANTED: the configuration schema has no description/,
    );
    expect(() =>
      renderConfigurationReference(
        z.object({ DESCRIBED: described, PLANTED: z.string().optional().meta(envDoc("Logs", "Planted.")) }),
      ),
    ).toThrow(/PLANTED: has no default; say what holds when it is unset/);
  });
});
