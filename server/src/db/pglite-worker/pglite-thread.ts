// The PGlite database in its own thread: PGlite runs PostgreSQL compiled to WebAssembly, and a
// query runs to its end without yielding; here that blocks this thread, not the server's.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pgliteOptions } from "../pglite-extensions";
import { preparedQueries } from "./prepared-queries";
import { serializeError, type WorkerAnswer, type WorkerRequest } from "./protocol";
import { lowerThisThreadsPriority } from "./thread-priority";

const port = parentPort;
if (!port) throw new Error("pglite-thread runs as a worker thread");
const { dataDir } = workerData as { dataDir: string | null };

const db = dataDir ? new PGlite(dataDir, pgliteOptions) : new PGlite(pgliteOptions);
const post = (answer: WorkerAnswer) => port.postMessage(answer);
const keepText = (value: string) => value;
/** Each statement parsed once and run in one call into the backend (prepared-queries.ts). */
const prepared = preparedQueries(db);

db.waitReady.then(
  () => post({ ready: true }),
  (error: unknown) => post({ ready: false, error: serializeError(error) }),
);

async function answer(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case "query":
      return prepared.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: Object.fromEntries(request.textOids.map((oid) => [oid, keepText])),
      });
    case "exec":
      return db.exec(request.sql);
    case "lowerPriority":
      // Below the event loop's: under a storm of searches the server's thread gets the CPU first.
      return lowerThisThreadsPriority();
    case "close":
      await db.close();
      return null;
  }
}

// PGlite runs one statement at a time, in the order asked (its own queue); answers go back by id.
port.on("message", (request: WorkerRequest) => {
  answer(request).then(
    (result) => post({ id: request.id, result }),
    (error: unknown) => post({ id: request.id, error: serializeError(error) }),
  );
});
