import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
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
 *
 * The file is opened without following a symbolic link (O_NOFOLLOW), kept owner-only (0600), and
 * used only when it is a regular file of this process's user with no other name (no hard link), so
 * whoever can write in its folder cannot make the server write into, or truncate, another file.
 */
/** A mail as the journal names it: its outbox row and that row's dedupe key. */
interface JournalledMail {
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
    // A descriptor of its own: the writer's is at the end of the file.
    const fd = openExisting(this.path, "read");
    if (fd === null) return [];
    let text: string;
    try {
      text = readFileSync(fd, "utf8");
    } finally {
      closeSync(fd);
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
    if (this.fd !== null) {
      ftruncateSync(this.fd, 0);
      return;
    }
    const fd = openExisting(this.path, "truncate");
    if (fd === null) return;
    try {
      ftruncateSync(fd, 0);
    } finally {
      closeSync(fd);
    }
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private file(): number {
    if (this.fd === null) {
      mkdirSync(dirname(this.path), { recursive: true });
      this.fd = openJournal(this.path, "append");
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

const OPEN_FLAGS = {
  read: constants.O_RDONLY,
  truncate: constants.O_WRONLY,
  append: constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT,
} as const;

/** Why a journal path is refused, in words an operator can act on. */
const refusal = (path: string, why: string) =>
  new Error(
    `The newsletter send journal ${path} ${why}: refusing to use it. Remove it, or set NEWSLETTER_SEND_JOURNAL to a file of this server's own.`,
  );

/** openJournal for reading or truncating: null when there is no journal (nothing to read or empty). */
function openExisting(path: string, how: "read" | "truncate"): number | null {
  try {
    return openJournal(path, how);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Opens the journal: never through a symbolic link, only a regular file of this user with one
 * name, made owner-only. Checked on the open descriptor, so what is checked is what is written.
 */
function openJournal(path: string, how: keyof typeof OPEN_FLAGS): number {
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO in its place is refused below instead of blocking the open (no effect on a file).
    fd = openSync(path, OPEN_FLAGS[how] | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Linux answers ELOOP for a link under O_NOFOLLOW (some systems EMLINK).
    if (code === "ELOOP" || code === "EMLINK") throw refusal(path, "is a symbolic link");
    if (code === "EISDIR") throw refusal(path, "is not a regular file");
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw refusal(path, "is not a regular file");
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid)
      throw refusal(path, `belongs to another user (uid ${stat.uid})`);
    if (stat.nlink > 1) throw refusal(path, "has other names (hard links)");
    if ((stat.mode & 0o077) !== 0) fchmodSync(fd, 0o600);
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
