// A statement run by PGlite's thread in one call to PostgreSQL, with its plan kept (decision 0011).
//
// PGlite's `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six calls into the
// WebAssembly backend, each awaited, and parses and plans the statement every time. Here a statement
// is parsed once, under a name, and each run is one buffer (Bind, Describe, Execute, Sync) handed
// to the backend in one call: on the seed, a search nobody asked before cost ~1.9 ms of the thread
// through `query`, ~1.1 ms this way. The answers are parsed by PGlite's own result parser, with the
// same options (row mode, parsers), so callers see what `query` returns. The session plans each run
// for its values (`plan_cache_mode = force_custom_plan`), as PGlite's unnamed statements were: what is
// kept is the parsed statement, never a plan made for other values (the search functions set their
// own mode, decision 0011).
import { type PGlite, parse, protocol } from "@electric-sql/pglite";

/** Statements kept at most; the least recently run is closed when another is added. */
const KEPT_STATEMENTS = 500;

interface Kept {
  name: string;
  /** The parameters' type OIDs, as PostgreSQL inferred them (for PGlite's serialisers). */
  paramTypes: number[];
}

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, (value: string) => unknown> };
type BackendMessage = { name: string } & Record<string, unknown>;

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const buffer = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    buffer.set(part, at);
    at += part.length;
  }
  return buffer;
}

/**
 * A plan made for a statement whose tables changed shape (a column added under `select *`): PostgreSQL
 * refuses to run it again; the statement is parsed afresh.
 */
const isStalePlan = (error: unknown) =>
  (error as { code?: string }).code === "0A000" &&
  String((error as Error).message).includes("cached plan must not change result type");

/** Names unique in the thread, whatever number of these share one database. */
let counter = 0;

export function preparedQueries(db: PGlite, kept = KEPT_STATEMENTS) {
  /** In the order last run: a Map keeps insertion order, and a run moves its entry to the end. */
  const statements = new Map<string, Kept>();
  /** Statements to close, sent at the head of the next run. */
  const closing: string[] = [];
  let planned: Promise<unknown> | undefined;

  /** One call into the backend; the error the backend answered, if any, is thrown. */
  async function run(parts: Uint8Array[]): Promise<BackendMessage[]> {
    const messages: BackendMessage[] = [];
    const data = await db.execProtocolRaw(concat([...parts, serialize.sync()]), { syncToFs: false });
    new protocol.Parser().parse(data, (message: BackendMessage) => messages.push(message));
    const error = messages.find((message) => message.name === "error");
    if (error) throw error;
    return messages;
  }

  async function prepare(sql: string): Promise<Kept> {
    const name = `wf_${++counter}`;
    const parts = closing.splice(0).map((old) => serialize.close({ type: "S", name: old }));
    const messages = await run([
      ...parts,
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: "S", name }),
    ]);
    const description = messages.find((message) => message.name === "parameterDescription") as
      | { dataTypeIDs: number[] }
      | undefined;
    const statement = { name, paramTypes: description?.dataTypeIDs ?? [] };
    statements.set(sql, statement);
    if (statements.size > kept) {
      const [oldest] = statements;
      if (oldest) {
        statements.delete(oldest[0]);
        closing.push(oldest[1].name);
      }
    }
    return statement;
  }

  async function execute(
    sql: string,
    params: unknown[],
    options: QueryOptions,
    retried = false,
  ): Promise<unknown> {
    let statement = statements.get(sql);
    if (statement) {
      statements.delete(sql);
      statements.set(sql, statement);
    } else statement = await prepare(sql);
    const { name, paramTypes } = statement;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[paramTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const messages = await run([
        serialize.bind({ statement: name, values: values as string[] }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
      ]);
      return parse.parseResults(messages as never, db.parsers, options as never)[0];
    } catch (error) {
      if (retried || !isStalePlan(error)) throw error;
      statements.delete(sql);
      closing.push(name);
      return execute(sql, params, options, true);
    }
  }

  return {
    /** What `db.query(sql, params, options)` answers, by a statement parsed once. */
    async query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<unknown> {
      // As PGlite's `query`: asked before the database is ready, it waits; closed, it refuses.
      await db.waitReady;
      if (db.closed) throw new Error("PGlite is closed");
      planned ??= db.exec("set plan_cache_mode = force_custom_plan");
      await planned;
      // PGlite's own lock: nothing else of PGlite's runs between the calls of one statement.
      return db.runExclusive(() => execute(sql, params, options));
    },
    /** How many statements are kept (tests). */
    get size() {
      return statements.size;
    },
  };
}
