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

/** The dotted path of the first string under `value` that matches `pattern`, or undefined. */
function findControl(value: unknown, pattern: RegExp, path: string[] = []): string | undefined {
  if (typeof value === "string") return pattern.test(value) ? path.join(".") : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControl(item, pattern, [...path, String(index)]);
      if (found !== undefined) return found;
    }
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (pattern.test(key)) return [...path, key].join(".");
      const found = findControl(item, pattern, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Control characters (a NUL above all, which PostgreSQL refuses in text) are refused before any
 * handler runs: an API request gets 400 with the field that held one; a page address that holds one
 * names no page, so it gets the 404 page.
 */
export const controlCharactersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("preValidation", async (request: FastifyRequest, reply: FastifyReply) => {
      const field =
        findControl(request.params, IN_ADDRESS) ??
        findControl(request.query, IN_ADDRESS) ??
        findControl(request.body, IN_BODY);
      if (field === undefined) return;
      if (!request.url.startsWith("/api/")) return reply.callNotFound();
      const body: ApiError = {
        error: "Invalid request",
        issues: [{ path: field || "body", message: CONTROL_CHARACTER_MESSAGE }],
      };
      return reply.status(400).type("application/json").send(body);
    });
  },
  { name: "control-characters" },
);
