import { type SiteEnvVariable, siteEnvDefaults, siteEnvDescriptions } from "@waveform/contracts/site";
import type * as z from "zod";
import { EnvSchema, variablesSetByNpm } from "../env-schema";
import { ENV_GROUPS, type EnvDoc, type EnvGroup } from "../lib/env-doc";

/** The file `npm run docs:config` writes, relative to the repository root. */
export const CONFIGURATION_DOC = "docs/configuration.md";

interface Entry {
  name: string;
  /** "Default: `3000`." or "Unset: …". */
  value: string;
  description: string;
}

const INTRO = `# Configuration

<!-- Rendered by \`npm run docs:config\` from the configuration schema. Edit the schema, not this file. -->

The server reads its settings from the environment, or from a \`.env\` file at the repository root
(copy [\`.env.example\`](../.env.example); the environment wins). Empty values count as unset. A bad
value stops the start with a message naming the variable: a secret's value is never printed, and an
address with a password in it is printed with the password as \`***\`.

Everything below is rendered from the schema that checks the variables:
[\`server/src/env-schema.ts\`](../server/src/env-schema.ts) (with the variables for several servers in
[\`server/src/lib/scale-out-config.ts\`](../server/src/lib/scale-out-config.ts)) and the \`SITE_*\` map
in [\`contracts/src/site.ts\`](../contracts/src/site.ts). To add or change a variable, change the
schema and its description there, then run \`npm run docs:config\`; \`npm test\` fails while this file
differs from what that renders.
`;

function shown(value: unknown): string {
  return `\`${String(value)}\``;
}

/** One schema field as the reference shows it; throws when its description is missing. */
function schemaEntry(name: string, field: z.ZodType): Entry & { group: EnvGroup } {
  const meta = field.meta() as Partial<EnvDoc> | undefined;
  if (!meta?.description || !meta.group)
    throw new Error(
      `${name}: the configuration schema has no description for it; give the field .meta(envDoc(group, description)) (lib/env-doc.ts)`,
    );
  if (!ENV_GROUPS.includes(meta.group)) throw new Error(`${name}: unknown group "${meta.group}"`);
  const def = field._zod.def as { type: string; defaultValue?: unknown };
  if (def.type === "default") {
    if (meta.unset) throw new Error(`${name}: has a default; "unset" would contradict it`);
    return {
      name,
      group: meta.group,
      value: `Default: ${shown(def.defaultValue)}.`,
      description: meta.description,
    };
  }
  if (!meta.unset)
    throw new Error(`${name}: has no default; say what holds when it is unset (envDoc's third argument)`);
  return {
    name,
    group: meta.group,
    value: `Unset: ${meta.unset}`,
    description: meta.description,
  };
}

function section(title: string, entries: Entry[]): string {
  const body = entries.map((entry) => `### \`${entry.name}\`\n\n${entry.value}\n\n${entry.description}\n`);
  return [`## ${title}\n`, ...body].join("\n");
}

/** docs/configuration.md as the schema describes it (`schema` is a parameter for the tests). */
export function renderConfigurationReference(schema: z.ZodObject = EnvSchema): string {
  const entries = Object.entries(schema.shape).map(([name, field]) => schemaEntry(name, field as z.ZodType));
  const siteDefaults = siteEnvDefaults();
  const siteEntries = (Object.keys(siteEnvDescriptions) as SiteEnvVariable[]).map((name) => ({
    name,
    group: "The site's name, contacts and links" as const,
    value: `Default: ${shown(siteDefaults[name])}.`,
    description: siteEnvDescriptions[name],
  }));
  const all = [...entries, ...siteEntries];
  const sections = ENV_GROUPS.map((group) =>
    section(
      group,
      all.filter((entry) => entry.group === group),
    ),
  );
  const npmEntries = Object.entries(variablesSetByNpm).map(([name, description]) => ({
    name,
    value: "Set by npm, not by you.",
    description,
  }));
  return `${[INTRO, ...sections, section("Read by the server, set by npm", npmEntries)].join("\n")}`;
}

/** Every variable the reference describes: the tests check the code reads no other. */
export function documentedVariables(): string[] {
  return [
    ...Object.keys(EnvSchema.shape),
    ...Object.keys(siteEnvDescriptions),
    ...Object.keys(variablesSetByNpm),
  ];
}
