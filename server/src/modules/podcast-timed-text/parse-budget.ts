import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * A transcript parser as steps: it yields between cues (where it may be paused) and returns the
 * cues. Each step is small: a cue's text is cut at CUE_TEXT_MAX_CHARS and read in linear time.
 */
export type ParseSteps<T> = Generator<void, T, void>;

/**
 * The most time a transcript's parsing may take, in ms of work (time spent waiting for its turn
 * is not counted). A 2 MB transcript of short cues, the fetch cap, takes 50–150 ms on an idle
 * server core and up to a second on a loaded one; past 3 s something is wrong with the file.
 */
const TRANSCRIPT_PARSE_BUDGET_MS = 3000;

/**
 * How long a parse runs before it lets the event loop answer others (readTranscript): a request
 * waits at most about this long for a transcript being read, however large.
 */
const TRANSCRIPT_PARSE_SLICE_MS = 10;

/** A parse that ran past its budget; the feed refresh stores it as the transcript's failure. */
export class TranscriptTooSlowError extends Error {
  constructor(readonly budgetMs: number) {
    super(`took longer than ${budgetMs} ms to read`);
    this.name = "TranscriptTooSlowError";
  }
}

export interface ParseBudget {
  /** Default TRANSCRIPT_PARSE_BUDGET_MS. */
  budgetMs?: number;
  /** Default TRANSCRIPT_PARSE_SLICE_MS (readTranscript only). */
  sliceMs?: number;
  /** The clock in ms (tests); default performance.now. */
  now?: () => number;
}

/** Runs the steps to the end at once (the sync parsers); throws TranscriptTooSlowError past the budget. */
export function runSteps<T>(steps: ParseSteps<T>, budget: ParseBudget = {}): T {
  const budgetMs = budget.budgetMs ?? TRANSCRIPT_PARSE_BUDGET_MS;
  const now = budget.now ?? (() => performance.now());
  const deadline = now() + budgetMs;
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    if (now() > deadline) throw new TranscriptTooSlowError(budgetMs);
  }
}

/**
 * Runs the steps a slice at a time, letting the event loop run between slices, so a large
 * transcript never holds the server for more than about a slice; throws TranscriptTooSlowError
 * once the slices together pass the budget.
 */
export async function runStepsSliced<T>(steps: ParseSteps<T>, budget: ParseBudget = {}): Promise<T> {
  const budgetMs = budget.budgetMs ?? TRANSCRIPT_PARSE_BUDGET_MS;
  const sliceMs = budget.sliceMs ?? TRANSCRIPT_PARSE_SLICE_MS;
  const now = budget.now ?? (() => performance.now());
  let spent = 0;
  let sliceStart = now();
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) return step.value;
    const at = now();
    if (spent + (at - sliceStart) > budgetMs) throw new TranscriptTooSlowError(budgetMs);
    if (at - sliceStart >= sliceMs) {
      spent += at - sliceStart;
      await nextTurn();
      sliceStart = now();
    }
  }
}
