import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  truncateSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { outbox } from "../../../db/schema";

/**
 * The send journal (decision 0024): a file of this server's own, to which the issue sender appends,
 * synchronously, `+<outbox id>` the moment before it writes a mail's final dot (the `.` on which
 * the SMTP server takes the mail), and `-<outbox id>` when the server then refuses the mail. The
 * database is told after the server's `250`, and that can be too late: a process killed between the
 * dot and that write leaves a delivered mail unrecorded, which another sender would mail again
 * after the claim lease. The journal closes that gap: a server starting again (same DATA_DIR and
 * PORT) records every journalled mail as sent before anything else claims its rows. What is left
 * open is the time between the append and the dot reaching the kernel (the same synchronous turn of
 * the event loop), not a database round trip.
 */
export class SendJournal {
  private fd: number | null = null;

  constructor(readonly path: string) {}

  /** The final dot of this outbox row's mail is being written now. */
  dotted(id: number): void {
    writeSync(this.file(), `+${id}\n`);
  }

  /** The server refused the mail after its dot (or the connection went before it answered). */
  refused(id: number): void {
    writeSync(this.file(), `-${id}\n`);
  }

  /** Rows whose dot was written and not followed by a refusal, in the order they were written. */
  dottedIds(): number[] {
    let text: string;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const ids = new Set<number>();
    // Only whole lines: what follows the last newline is an entry a crash cut short (or nothing).
    for (const line of text.split("\n").slice(0, -1)) {
      const match = /^([+-])([1-9][0-9]{0,15})$/.exec(line);
      if (!match) continue;
      const id = Number(match[2]);
      if (match[1] === "+") ids.add(id);
      else ids.delete(id);
    }
    return [...ids];
  }

  /** Forgets everything written so far (every entry is in the database now). */
  clear(): void {
    if (this.fd !== null) ftruncateSync(this.fd, 0);
    else truncateIfThere(this.path);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private file(): number {
    if (this.fd === null) {
      mkdirSync(dirname(this.path), { recursive: true });
      this.fd = openSync(this.path, "a+", 0o600);
    }
    return this.fd;
  }
}

/**
 * Records as sent every mail the journal says had its final dot written but the database does not
 * know of (a crash between the dot and the record), then empties the journal. Run when the server
 * starts, before its first claim, and before every run of the sender (nothing is in flight then).
 * Returns how many rows it recorded.
 */
export async function reconcileSendJournal(db: Database, journal: SendJournal): Promise<number> {
  const ids = journal.dottedIds();
  let recorded = 0;
  if (ids.length > 0) {
    const rows = await db
      .update(outbox)
      .set({ sentAt: sql`now()`, outcome: "sent", lastError: null })
      .where(and(inArray(outbox.id, ids), isNull(outbox.sentAt)))
      .returning({ id: outbox.id });
    recorded = rows.length;
  }
  journal.clear();
  return recorded;
}

function truncateIfThere(path: string): void {
  try {
    truncateSync(path, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
