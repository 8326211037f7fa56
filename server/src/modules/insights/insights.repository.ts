import type { Database } from "../../db/client";
import { readReport } from "./insights-report";
import { readMostPlayed, readTrending } from "./insights-trending";

/** The insights reads: the console's report, and what the site shows of the counts. */
export function createInsightsRepository(db: Database) {
  return {
    report: (days: number, now: number) => readReport(db, days, now),
    trending: (now: number) => readTrending(db, now),
    mostPlayed: (slug: string, now: number) => readMostPlayed(db, slug, now),
  };
}

export type InsightsRepository = ReturnType<typeof createInsightsRepository>;
