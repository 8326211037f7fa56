import { and, eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { jobLeases } from "./schema";

/**
 * A lease on a named background job, kept in the database so that of several servers sharing one
 * PostgreSQL only one runs the job at a time (with PGlite there is one process, and this costs one
 * query). A holder that dies releases its lease by time.
 */
export interface JobLease {
  /** True when this holder now has the job until `leaseMs` from now; false when another has it or it is paused. */
  acquire(leaseMs: number): Promise<boolean>;
  /** Gives the job up; with `pauseSeconds`, no server may take it for that long (a Retry-After). */
  release(pauseSeconds?: number): Promise<void>;
}

export function createJobLease(db: Database, name: string, holder: string): JobLease {
  return {
    async acquire(leaseMs) {
      const until = sql`now() + make_interval(secs => ${leaseMs / 1000})`;
      // ON CONFLICT locks the row and re-checks the condition, so of two servers asking at once
      // exactly one gets it.
      const rows = await db
        .insert(jobLeases)
        .values({ name, holder, leaseUntil: until })
        .onConflictDoUpdate({
          target: jobLeases.name,
          set: { holder, leaseUntil: until },
          setWhere: sql`${jobLeases.leaseUntil} <= now() and ${jobLeases.notBefore} <= now()`,
        })
        .returning({ name: jobLeases.name });
      return rows.length === 1;
    },

    async release(pauseSeconds = 0) {
      await db
        .update(jobLeases)
        .set({
          holder: null,
          leaseUntil: sql`now()`,
          notBefore: sql`now() + make_interval(secs => ${Math.max(0, pauseSeconds)})`,
        })
        .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)));
    },
  };
}
