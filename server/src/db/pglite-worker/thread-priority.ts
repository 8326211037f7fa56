import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/**
 * How much lower than the server's the PGlite thread's priority is once the server serves, in
 * niceness (the server's usually 0; 19 is the lowest). When the
 * machine's cores are all busy — a search storm on two cores, where the event loop, the database
 * thread and the clients compete — the kernel gives the event loop the CPU first, so cached reads
 * and pages keep answering quickly while searches wait a little longer (the search gate bounds them).
 * An idle machine runs the database thread as fast as before: niceness only matters under contention.
 */
export const PGLITE_THREAD_NICENESS_ABOVE_SERVER = 10;

/**
 * This thread's id on Linux (`/proc/thread-self` links to `<pid>/task/<tid>`), else undefined:
 * other systems have no per-thread priority that `os.setPriority` reaches.
 */
export function currentThreadId(readLink: (path: string) => string = readlinkSync): number | undefined {
  try {
    const tid = Number(readLink("/proc/thread-self").split("/").at(-1));
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

export type LoweredPriority =
  | { lowered: true; threadId: number; niceness: number }
  | { lowered: false; reason: string };

/**
 * Lowers the calling thread's scheduling priority by `by` niceness steps (at most to 19; Linux:
 * setpriority on its own thread id touches that thread only). Where that is not possible (another
 * system, a sandbox refusing it) the thread keeps the process's priority; the answer says which.
 */
export function lowerThisThreadsPriority(
  by: number = PGLITE_THREAD_NICENESS_ABOVE_SERVER,
  readLink?: (path: string) => string,
): LoweredPriority {
  const threadId = currentThreadId(readLink);
  if (threadId === undefined) return { lowered: false, reason: "no per-thread priority on this system" };
  try {
    const niceness = Math.min(19, getPriority(threadId) + by);
    setPriority(threadId, niceness);
    return { lowered: true, threadId, niceness };
  } catch (error) {
    return { lowered: false, reason: (error as Error).message };
  }
}
