import type * as z from "zod/mini";
import { ApiAnswerError } from "./errors";

// Reads an answer with its contract, item by item: one odd list item never blanks a section.

type Path = readonly PropertyKey[];

function pathText(path: Path): string {
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : `${i ? "." : ""}${String(key)}`))
    .join("");
}

interface ListItem {
  list: unknown[];
  index: number;
  path: Path;
}

/** The innermost list item an issue lies in, or null when it lies in no list (the answer itself is wrong). */
function itemOf(answer: unknown, issuePath: Path): ListItem | null {
  let item: ListItem | null = null;
  let current = answer;
  for (const [depth, key] of issuePath.entries()) {
    if (Array.isArray(current) && typeof key === "number" && key < current.length) {
      item = { list: current, index: key, path: issuePath.slice(0, depth + 1) };
    }
    if (current === null || typeof current !== "object") break;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return item;
}

/**
 * Validates an answer at the boundary, item by item: a list item that does not fit its schema is
 * left out (and logged), so one odd item never blanks a section; anything wrong outside list items
 * makes the whole answer an error. `json` is ours (freshly parsed), so items are removed in place.
 */
export function readAnswer(schema: z.ZodMiniType, json: unknown, request: string): unknown {
  for (;;) {
    const result = schema.safeParse(json);
    if (result.success) return result.data;
    const misfits = new Map<unknown[], Map<number, { path: Path; problems: string[] }>>();
    for (const issue of result.error.issues) {
      const item = itemOf(json, issue.path);
      if (!item) throw new ApiAnswerError(request, result.error);
      const items = misfits.get(item.list) ?? new Map();
      misfits.set(item.list, items);
      const misfit = items.get(item.index) ?? { path: item.path, problems: [] };
      items.set(item.index, misfit);
      misfit.problems.push(`${pathText(issue.path)}: ${issue.message}`);
    }
    // Every round removes at least one item, so this ends.
    for (const [list, items] of misfits) {
      for (const [index, { path, problems }] of [...items].sort(([a], [b]) => b - a)) {
        console.warn(
          `${request}: left out ${pathText(path)}, which does not fit the contract (${problems.join("; ")})`,
        );
        list.splice(index, 1);
      }
    }
  }
}
