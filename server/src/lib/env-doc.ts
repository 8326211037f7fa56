/**
 * What the configuration reference (docs/configuration.md, rendered by `npm run docs:config`) says
 * of one environment variable: kept on the variable's schema with zod's `.meta()`, so the check and
 * its explanation sit side by side and the reference cannot leave a variable out.
 */

/** The reference's sections, in the order it shows them. */
export const ENV_GROUPS = [
  "The server and its addresses",
  "Database",
  "Logs",
  "Sessions and the curator console",
  "Spotify",
  "The site's name, contacts and links",
  "Newsletter mail",
  "Podcast feeds",
  "The fediverse",
  "Insights",
] as const;

export type EnvGroup = (typeof ENV_GROUPS)[number];

/** A type, not an interface: zod's meta takes only types it can index by any key. */
export type EnvDoc = {
  group: EnvGroup;
  /** What the variable does, in Markdown (one paragraph). */
  description: string;
  /** For a variable without a zod default: what holds when it is unset (Markdown). */
  unset?: string;
};

/** The metadata for `.meta()`: a function so that a missing field is a type error. */
export function envDoc(group: EnvGroup, description: string, unset?: string): EnvDoc {
  return unset === undefined ? { group, description } : { group, description, unset };
}
