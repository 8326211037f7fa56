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
 * synchronously, `+<outbox id> <dedupe key>` the moment before it writes a mail's final dot (the `.`
 * on which the SMTP server takes the mail), and `-<outbox id> <dedupe key>` when the server then
 * refuses the mail. The key (`issue:<issue>:<subscription>`) makes an entry name one mail only: a
 * journal left beside a database that was reset cannot record someone else's row. The
 * database is told after the server's `250`, and that can be too late: a process killed between the
 * dot and that write leaves a delivered mail unrecorded, which another sender would mail again
 * after the claim lease. The journal closes that gap: a server starting again (same DATA_DIR and
 * PORT) records every journalled mail as sent before anything else claims its rows. What is left
 * open is the time between the append and the dot reaching the kernel (the same synchronous turn of
 * the event loop), not a database round trip.
 */
/** A mail as the journal names it: its outbox row and that row's dedupe key. */
export interface JournalledMail {
  id: number;
  key: string;
}

export class SendJournal {
  private fd: number | null = null;

  constructor(readonly path: string) {}

  /** The final dot of this outbox row's mail is being written now. */
  dotted(mail: JournalledMail): void {
    writeSync(this.file(), `+${mail.id} ${mail.key}\n`);
  }

  /** The server refused the mail after its dot (or the connection went before it answered). */
  refused(mail: JournalledMail): void {
    writeSync(this.file(), `-${mail.id} ${mail.key}\n`);
  }

  /** Mails whose dot was written and not followed by a refusal, in the order they were written. */
  journalled(): JournalledMail[] {
    let text: string;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const mails = new Map<string, JournalledMail>();
    // Only whole lines: what follows the last newline is an entry a crash cut short (or nothing).
    for (const line of text.split("\n").slice(0, -1)) {
      const match = /^([+-])([1-9][0-9]{0,15}) ([!-~]{1,200})$/.exec(line);
      if (!match) continue;
      const mail = { id: Number(match[2]), key: match[3] as string };
      const name = `${mail.id} ${mail.key}`;
      if (match[1] === "+") mails.set(name, mail);
      else mails.delete(name);
    }
    return [...mails.values()];
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
  const mails = journal.journalled();
  let recorded = 0;
  if (mails.length > 0) {
    const rows = await db
      .update(outbox)
      .set({ sentAt: sql`now()`, outcome: "sent", lastError: null })
      .where(
        and(
          inArray(
            sql`(${outbox.id}, ${outbox.dedupeKey})`,
            mails.map((mail) => sql`(${mail.id}::int, ${mail.key}::text)`),
          ),
          isNull(outbox.sentAt),
        ),
      )
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
