import { HttpError } from "../plugins/errors";

/** Seconds a visitor turned away from a full gate is asked to wait. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** A 503 for work the server declines rather than queue: answered with Retry-After. */
export class OverloadedError extends HttpError {
  readonly retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS;
  constructor() {
    super(503, "The server is busy right now. Please try again in a moment.");
    this.name = "OverloadedError";
  }
}

/**
 * The error for a request turned away, without a stack trace: a storm turns away hundreds a second,
 * the trace would name this file every time, and collecting it was a visible part of their cost.
 */
function shedError(): OverloadedError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new OverloadedError();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * At most `limit` of one kind of database work at a time: beyond it a request is turned away with a
 * 503 at once rather than queued behind the others (an unbounded queue makes every answer slow,
 * then times out). One gate per kind of query, so a storm of one kind leaves the others alone.
 */
export class ConcurrencyGate {
  private running = 0;
  /**
   * `shedDelayMs`: how long a turned-away request waits before its 503 (a timer, no work). A client
   * that ignores Retry-After and asks again at once (a script, a stuck retry loop) then asks a few
   * times a second instead of thousands, and answering its 503s no longer crowds out everyone
   * else's requests on the event loop.
   */
  constructor(
    readonly limit: number,
    readonly options: { shedDelayMs?: number } = {},
  ) {}

  get inFlight(): number {
    return this.running;
  }

  /** Runs `work` when there is room; throws OverloadedError when there is none. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      const delay = this.options.shedDelayMs ?? 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      throw shedError();
    }
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
    }
  }
}
