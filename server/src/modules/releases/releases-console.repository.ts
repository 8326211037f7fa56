import type { PlaylistPlatform } from "@waveform/contracts/catalogue";
import type { ConsoleRelease, ConsoleReleaseList } from "@waveform/contracts/console-releases";
import { count, desc, eq, ilike, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { releases } from "../../db/schema";

/** `%`, `_` and `\` typed in the search box are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Row = typeof releases.$inferSelect;

/** The row as the console edits it: the stored cover address (null: generated art), not the art's. */
const toConsole = ({ spotifyUri: _uri, ...row }: Row): ConsoleRelease => ({
  ...row,
  platform: row.platform as PlaylistPlatform,
});

/** The console's reads of releases: searched and paged in the database. */
export function createConsoleReleasesRepository(db: Database) {
  return {
    async list(query: { q?: string | undefined; page: number; limit: number }): Promise<ConsoleReleaseList> {
      const q = query.q?.trim();
      const where = q
        ? or(ilike(releases.title, likePattern(q)), ilike(releases.artist, likePattern(q)))
        : undefined;
      const [total] = await db.select({ n: count() }).from(releases).where(where);
      const rows = await db
        .select()
        .from(releases)
        .where(where)
        // The order of /new-releases: what a curator just added for today is on the first page.
        .orderBy(desc(releases.releaseDate), desc(releases.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return { rows: rows.map(toConsole), total: total?.n ?? 0, page: query.page, limit: query.limit };
    },

    async byId(id: number): Promise<ConsoleRelease | null> {
      const [row] = await db.select().from(releases).where(eq(releases.id, id));
      return row ? toConsole(row) : null;
    },
  };
}
