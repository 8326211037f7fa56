import type { IssueSuggestion } from "@waveform/contracts/newsletter-issues";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { episodes, newsletterIssues, playlists, podcasts, releases } from "../../../db/schema";

/** Published catalogue items newer than the last issue that was sent (the last 30 days before the first). */
export async function newSinceLastIssue(
  db: Database,
): Promise<{ since: string | null; suggestions: IssueSuggestion[] }> {
  const [last] = await db
    .select({ at: sql<Date | null>`max(${newsletterIssues.publishedAt})` })
    .from(newsletterIssues);
  const lastAt = last?.at ? new Date(last.at) : null;
  const since = lastAt ?? new Date(Date.now() - 30 * 24 * 3600 * 1000);
  const day = since.toISOString().slice(0, 10);
  const [playlistRows, releaseRows, episodeRows] = await Promise.all([
    db
      .select()
      .from(playlists)
      .where(and(eq(playlists.published, true), gt(playlists.createdAt, since)))
      .orderBy(desc(playlists.createdAt))
      .limit(20),
    db
      .select()
      .from(releases)
      .where(gt(releases.releaseDate, day))
      .orderBy(desc(releases.releaseDate))
      .limit(20),
    db
      .select({ episode: episodes, show: podcasts.title, showImage: podcasts.imageUrl })
      .from(episodes)
      .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
      .where(gt(episodes.publishedAt, since))
      .orderBy(desc(episodes.publishedAt))
      .limit(20),
  ]);
  const suggestions: IssueSuggestion[] = [
    ...playlistRows.map((row) => ({
      type: "playlist" as const,
      id: row.id,
      title: row.title,
      subtitle: row.curator,
      imageUrl: row.imageUrl,
      addedAt: row.createdAt.toISOString(),
    })),
    ...releaseRows.map((row) => ({
      type: "release" as const,
      id: row.id,
      title: row.title,
      subtitle: row.artist,
      imageUrl: row.imageUrl,
      addedAt: new Date(`${row.releaseDate}T00:00:00Z`).toISOString(),
    })),
    ...episodeRows.map(({ episode, show, showImage }) => ({
      type: "episode" as const,
      id: episode.id,
      title: episode.title,
      subtitle: show,
      imageUrl: episode.imageUrl ?? showImage,
      addedAt: (episode.publishedAt as Date).toISOString(),
    })),
  ].sort((a, b) => b.addedAt.localeCompare(a.addedAt));
  return { since: lastAt?.toISOString() ?? null, suggestions };
}
