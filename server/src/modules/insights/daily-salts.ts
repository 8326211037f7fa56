import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { insightSalts } from "../../db/schema";
import { newSalt } from "./visitor";

/** A UTC day as YYYY-MM-DD. */
export const utcDay = (time: number): string => new Date(time).toISOString().slice(0, 10);
export const DAY_MS = 86_400_000;

/**
 * The days' salts, one per UTC day for every server on the database. The first server to need a
 * day's salt creates it (`insert … on conflict do nothing`: of several at once one row wins), then
 * every server reads the row that won, in a second statement so that it sees a row another server
 * committed meanwhile. Kept in memory once read; days before `forgetBefore` are dropped.
 */
export class DailySalts {
  private readonly known = new Map<string, string>();
  private readonly loading = new Map<string, Promise<string>>();

  constructor(private readonly db: Database) {}

  /** The day's salt if this server has it already. */
  get(day: string): string | undefined {
    return this.known.get(day);
  }

  /** The day's salt, created if no server has yet. */
  ensure(day: string): Promise<string> {
    const known = this.known.get(day);
    if (known) return Promise.resolve(known);
    let loading = this.loading.get(day);
    if (!loading) {
      loading = this.load(day).finally(() => this.loading.delete(day));
      this.loading.set(day, loading);
    }
    return loading;
  }

  private async load(day: string): Promise<string> {
    await this.db.insert(insightSalts).values({ day, salt: newSalt() }).onConflictDoNothing();
    const [row] = await this.db
      .select({ salt: insightSalts.salt })
      .from(insightSalts)
      .where(eq(insightSalts.day, day));
    if (!row) throw new Error(`the insights salt of ${day} was not stored`);
    this.known.set(day, row.salt);
    return row.salt;
  }

  /** Forgets (in memory) the salts of days before `day`. */
  forgetBefore(day: string): void {
    for (const known of this.known.keys()) if (known < day) this.known.delete(known);
  }
}
