import type { EpisodeChapter, TranscriptCue } from "@waveform/contracts/podcast-pages";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { episodes, episodeTimedText } from "../../db/schema";
import type { FeedTranscript } from "../../integrations/feeds/parsed-feed";
import { chosenTranscript, type Kind } from "./remote-timed-text";

// What the site reads of the chapters and transcripts the feed refresh stored (remote-timed-text.ts
// fetches them): only what was read from the addresses an episode's feed links now.

/**
 * An ingested episode's stored chapters and transcript: only what was read from the addresses its
 * feed links now (a link the feed dropped or changed shows nothing until the new one is read).
 */
export async function storedTimedText(
  db: Database,
  episode: { id: number; chaptersUrl: string | null; transcripts: FeedTranscript[] | null },
): Promise<{ chapters: EpisodeChapter[]; transcript: TranscriptCue[] }> {
  const rows = await db
    .select({
      kind: episodeTimedText.kind,
      sourceUrl: episodeTimedText.sourceUrl,
      content: episodeTimedText.content,
    })
    .from(episodeTimedText)
    .where(eq(episodeTimedText.episodeId, episode.id));
  const linked = {
    chapters: episode.chaptersUrl,
    transcript: chosenTranscript(episode.transcripts)?.url ?? null,
  };
  const of = (kind: Kind) => {
    const row = rows.find((candidate) => candidate.kind === kind);
    return row && row.sourceUrl === linked[kind] ? (row.content ?? []) : [];
  };
  return { chapters: of("chapters") as EpisodeChapter[], transcript: of("transcript") as TranscriptCue[] };
}

/**
 * The stored chapters row that counts for an episode (a row of `episodes` in the statement):
 * storedTimedText's rule in SQL, read from the address its feed links now, and read well.
 */
const linkedChapters = () =>
  and(
    eq(episodeTimedText.episodeId, episodes.id),
    eq(episodeTimedText.kind, "chapters"),
    eq(episodeTimedText.sourceUrl, episodes.chaptersUrl),
    sql`${episodeTimedText.content} is not null`,
  );

/**
 * Whether an episode (a row of `episodes` in the statement) has stored chapters the site serves
 * (GET /api/podcasts/episodes/:id/chapters): a select field for lists of episodes, one
 * primary-key probe per row.
 */
export const hasStoredChapters = () =>
  sql<boolean>`exists (select 1 from ${episodeTimedText} where ${linkedChapters()})`.as(
    "has_stored_chapters",
  );

/** An episode's stored chapters, by storedTimedText's rule; null when it has none (or is unknown). */
export async function storedChapters(db: Database, episodeId: number): Promise<EpisodeChapter[] | null> {
  const [row] = await db
    .select({ content: episodeTimedText.content })
    .from(episodes)
    .innerJoin(episodeTimedText, linkedChapters())
    .where(eq(episodes.id, episodeId))
    .limit(1);
  const chapters = row?.content as EpisodeChapter[] | null | undefined;
  return chapters && chapters.length > 0 ? chapters : null;
}

/**
 * The words of each stored transcript of a show's episodes that its feed still links, as one text
 * per episode: the first 300 cues' (the search index keeps a field's first 2,000 characters, so
 * the rest would be cut anyway).
 */
export async function storedTranscriptWords(
  db: Database | Transaction,
  podcastId: number,
): Promise<Map<number, string>> {
  const rows = await db
    .select({
      episodeId: episodeTimedText.episodeId,
      sourceUrl: episodeTimedText.sourceUrl,
      transcripts: episodes.transcripts,
      words: sql<string[] | null>`jsonb_path_query_array(${episodeTimedText.content}, '$[0 to 299].text')`,
    })
    .from(episodeTimedText)
    .innerJoin(episodes, eq(episodes.id, episodeTimedText.episodeId))
    .where(
      and(
        eq(episodes.podcastId, podcastId),
        eq(episodeTimedText.kind, "transcript"),
        sql`${episodeTimedText.content} is not null`,
      ),
    );
  return new Map(
    rows
      .filter((row) => chosenTranscript(row.transcripts)?.url === row.sourceUrl)
      .map((row) => [row.episodeId, (row.words ?? []).join(" ")]),
  );
}
