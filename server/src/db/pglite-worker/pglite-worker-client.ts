import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { serverRoot } from "../../paths";
import { deserializeError, type WorkerAnswer, type WorkerRequest } from "./protocol";
import type { LoweredPriority } from "./thread-priority";

type QueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, unknown> };
type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

/** The worker's code: the built file beside the server bundle, or the source under tsx/Vitest. */
function threadEntry(): string {
  const built = join(serverRoot, "dist", "pglite-thread.js");
  const fromSource = import.meta.url.endsWith(".ts");
  if (!fromSource && existsSync(built)) return built;
  return join(serverRoot, "src", "db", "pglite-worker", "pglite-thread-source.mjs");
}

/** The calls drizzle's PGlite driver makes inside a transaction. */
interface PgliteWorkerTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown>;
  exec(sql: string): Promise<unknown>;
}

/**
 * PGlite in a worker thread, with the part of PGlite's interface drizzle uses (query, exec,
 * transaction, close): a query that takes a second keeps one thread busy, not the server. One
 * connection, as in-process: statements run one at a time in the order asked, and while a
 * transaction is open every other query waits for it to end.
 */
export class PgliteWorkerClient {
  readonly waitReady: Promise<void>;
  /** Unset until the thread starts (after `options.after`); requests sent meanwhile wait in `queued`. */
  private worker: Worker | undefined;
  private readonly queued: WorkerRequest[] = [];
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 1;
  /** Set while a transaction is open: settles when it ends. */
  private transactionEnded: Promise<void> | undefined;
  /** Transactions take turns: each waits for the one asked before it. */
  private transactionTurns: Promise<void> = Promise.resolve();
  private closed = false;

  /**
   * Starts the thread on `dataDir` now, or once `options.after` resolves (a new folder being
   * prepared elsewhere: start-thread.ts); requests sent before then go out when it starts, in order.
   * When `after` rejects, so do waitReady and every request.
   */
  constructor(dataDir: string | null, options: { after?: Promise<void> } = {}) {
    if (!options.after) this.waitReady = this.start(dataDir);
    else {
      this.waitReady = options.after.then(() => this.start(dataDir));
      this.waitReady.catch((error: Error) => this.failAll(error));
    }
  }

  private start(dataDir: string | null): Promise<void> {
    const worker = new Worker(threadEntry(), { workerData: { dataDir } });
    const ready = new Promise<void>((resolve, reject) => {
      const onReady = (answer: WorkerAnswer) => {
        if (!("ready" in answer)) return;
        worker.off("message", onReady);
        if (answer.ready) resolve();
        else reject(deserializeError(answer.error));
      };
      worker.on("message", onReady);
      worker.once("error", reject);
    });
    worker.on("message", (answer: WorkerAnswer) => {
      if (!("id" in answer)) return;
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if ("error" in answer) waiting?.reject(deserializeError(answer.error));
      else waiting?.resolve(answer.result);
    });
    worker.on("error", (error) => this.failAll(error));
    worker.on("exit", () => this.failAll(new Error("PGlite is closed")));
    this.worker = worker;
    // In the order asked, before anything sent from now on.
    for (const request of this.queued.splice(0)) worker.postMessage(request);
    return ready;
  }

  private failAll(error: Error): void {
    this.closed = true;
    this.queued.length = 0;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private send(request: Request): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("PGlite is closed"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const message = { ...request, id } as WorkerRequest;
      if (this.worker) this.worker.postMessage(message);
      else this.queued.push(message);
    });
  }

  private sendQuery(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    return this.send({
      op: "query",
      sql,
      params,
      rowMode: options.rowMode,
      textOids: Object.keys(options.parsers ?? {}).map(Number),
    });
  }

  // Outside a transaction, the check that none is open and the message go out in one synchronous
  // step, so a statement can never slip in after another caller's BEGIN.
  async query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown> {
    while (this.transactionEnded) await this.transactionEnded;
    return this.sendQuery(sql, params, options);
  }

  async exec(sql: string): Promise<unknown> {
    while (this.transactionEnded) await this.transactionEnded;
    return this.send({ op: "exec", sql });
  }

  async transaction<T>(run: (tx: PgliteWorkerTransaction) => Promise<T>): Promise<T> {
    // Queued synchronously, so two transactions asked together can never both start.
    const { promise: ended, resolve: end } = Promise.withResolvers<void>();
    const turn = this.transactionTurns;
    this.transactionTurns = turn.then(() => ended);
    await turn;
    this.transactionEnded = ended; // and BEGIN goes out in the same step (below)
    const tx: PgliteWorkerTransaction = {
      query: (sql, params, options) => this.sendQuery(sql, params, options),
      exec: (sql) => this.send({ op: "exec", sql }),
    };
    try {
      await this.sendQuery("BEGIN");
      const result = await run(tx);
      await this.sendQuery("COMMIT");
      return result;
    } catch (error) {
      await this.sendQuery("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      this.transactionEnded = undefined;
      end();
    }
  }

  /**
   * Runs the database thread below this thread's priority from now on (Linux; see thread-priority.ts):
   * the server asks once it serves, so its start is not slowed on a busy machine.
   */
  lowerPriority(): Promise<LoweredPriority> {
    return this.send({ op: "lowerPriority" }) as Promise<LoweredPriority>;
  }

  async close(): Promise<void> {
    // A thread still waiting to start is closed once it has (or never, if it could not).
    if (!this.worker) await this.waitReady.catch(() => {});
    if (this.closed) return;
    while (this.transactionEnded) await this.transactionEnded;
    await this.send({ op: "close" });
    this.closed = true;
    await this.worker?.terminate();
  }
}
