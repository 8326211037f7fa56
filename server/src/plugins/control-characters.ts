import type { ApiError } from "@waveform/contracts/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** C0 controls and DEL: never part of an address, a search or a name. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
const IN_ADDRESS = /[\u0000-\u001f\u007f]/;
/** In a JSON body, text may hold tabs and line breaks; no other control character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
const IN_BODY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTER_MESSAGE = "must not contain control characters";

/**
 * How deeply a request's data may nest. No form of the site nests more than a few levels; a JSON
 * body of thousands of `[` is an attack or a broken client, and is refused before any code walks it.
 */
export const MAX_NESTING = 64;
export const TOO_DEEP_MESSAGE = `must not nest arrays or objects more than ${MAX_NESTING} levels deep`;

/** What a walk found: a control character in a string or key, or data nested too deeply. */
interface Finding {
  kind: "control" | "too-deep";
  path: string;
}

/** One value still to look at: where it sits (its key and its parent's frame) and how deep. */
interface Frame {
  value: unknown;
  key: string | undefined;
  /** Whether `key` is an object's key (tested for control characters) rather than an array index. */
  objectKey: boolean;
  parent: Frame | undefined;
  depth: number;
}

const pathOf = (frame: Frame | undefined): string => {
  const keys: string[] = [];
  for (let at = frame; at; at = at.parent) if (at.key !== undefined) keys.push(at.key);
  return keys.reverse().join(".");
};

/**
 * The dotted path of the first string or object key under `value` that matches `pattern` (in
 * document order, a key before its value), or the first array or object nested more than
 * MAX_NESTING levels deep; undefined when there is neither. Iterative, with an explicit stack: a body
 * nested thousands of levels deep cannot overflow the call stack, and each value is visited once.
 */
function findControl(value: unknown, pattern: RegExp): Finding | undefined {
  const stack: Frame[] = [{ value, key: undefined, objectKey: false, parent: undefined, depth: 0 }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    if (frame.objectKey && frame.key !== undefined && pattern.test(frame.key)) {
      return { kind: "control", path: pathOf(frame) };
    }
    const current = frame.value;
    if (typeof current === "string") {
      if (pattern.test(current)) return { kind: "control", path: pathOf(frame) };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    // The path of a value 64 levels down is no help to anyone: the body is named as a whole.
    if (frame.depth >= MAX_NESTING) return { kind: "too-deep", path: "" };
    const depth = frame.depth + 1;
    // Pushed last to first, so that they are popped (looked at) in document order.
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], key: String(index), objectKey: false, parent: frame, depth });
      }
    } else {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] as [string, unknown];
        stack.push({ value: item, key, objectKey: true, parent: frame, depth });
      }
    }
  }
  return undefined;
}

/**
 * Control characters (a NUL above all, which PostgreSQL refuses in text) are refused before any
 * handler runs: an API request gets 400 with the field that held one; a page address that holds one
 * names no page, so it gets the 404 page. Data nested more than MAX_NESTING levels deep (a JSON
 * body of thousands of `[`) gets 400 at any address, before anything else walks it.
 */
export const controlCharactersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("preValidation", async (request: FastifyRequest, reply: FastifyReply) => {
      const found =
        findControl(request.params, IN_ADDRESS) ??
        findControl(request.query, IN_ADDRESS) ??
        findControl(request.body, IN_BODY);
      if (found === undefined) return;
      // A body nested too deeply is refused whatever the address: it is no one's page.
      if (found.kind === "control" && !request.url.startsWith("/api/")) return reply.callNotFound();
      const body: ApiError = {
        error: "Invalid request",
        issues: [
          {
            path: found.path || "body",
            message: found.kind === "control" ? CONTROL_CHARACTER_MESSAGE : TOO_DEEP_MESSAGE,
          },
        ],
      };
      return reply.status(400).type("application/json").send(body);
    });
  },
  { name: "control-characters" },
);
