// Messages between the server's thread and the PGlite worker thread (see pglite-worker-client.ts).

export type WorkerRequest =
  | {
      id: number;
      op: "query";
      sql: string;
      params: unknown[];
      rowMode: "array" | "object" | undefined;
      /** Type OIDs whose values stay as PostgreSQL's text (drizzle's parsers are all identities). */
      textOids: number[];
    }
  | { id: number; op: "exec"; sql: string }
  /** Once the server serves: the thread runs below its priority where it can (thread-priority.ts). */
  | { id: number; op: "lowerPriority" }
  | { id: number; op: "close" };

export type WorkerAnswer =
  | { id: number; result: unknown }
  | { id: number; error: SerializedError }
  | { ready: true }
  | { ready: false; error: SerializedError };

/** An error as plain data: its message, name and own fields (a DatabaseError's code, detail…). */
type SerializedError = { name: string; message: string; fields: Record<string, unknown> };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

export function deserializeError({ name, message, fields }: SerializedError): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}
