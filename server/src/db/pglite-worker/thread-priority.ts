import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * The niceness the PGlite thread runs at (0 is the server's; 19 the lowest priority). When the
 * machine's cores are all busy — a search storm on two cores, where the event loop, the database
 * thread and the clients compete — the kernel gives the event loop the CPU first, so cached reads
 * and pages keep answering quickly while searches wait a little longer (the search gate bounds them).
 * An idle machine runs the database thread as fast as before: niceness only matters under contention.
 */
export const PGLITE_THREAD_NICENESS = 10;

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

/**
 * Lowers the calling thread's scheduling priority (Linux: setpriority on its own thread id touches
 * that thread only). Where that is not possible (another system, a sandbox refusing it) the thread
 * keeps the process's priority; the answer says which.
 */
export function lowerThisThreadsPriority(
  niceness: number = PGLITE_THREAD_NICENESS,
  readLink?: (path: string) => string,
): { lowered: true; threadId: number } | { lowered: false; reason: string } {
  const threadId = currentThreadId(readLink);
  if (threadId === undefined) return { lowered: false, reason: "no per-thread priority on this system" };
  try {
    setPriority(threadId, niceness);
    return { lowered: true, threadId };
  } catch (error) {
    return { lowered: false, reason: (error as Error).message };
  }
}
