import { eq } from "drizzle-orm";
import type { Transaction } from "../../db/client";
import { episodes, podcasts } from "../../db/schema";
import { imageOrArt } from "../artwork/index";
import { episodeTranscript, storedTranscriptWords } from "../podcast-timed-text/index";
import type { SearchDocument } from "./search-document";

const showPath = (slug: string) => `/podcasts/${encodeURIComponent(slug)}`;

/** A show and its episodes as the database holds them now (none when the show is gone). */
export async function podcastDocuments(tx: Transaction, podcastId: number): Promise<SearchDocument[]> {
  const [show] = await tx.select().from(podcasts).where(eq(podcasts.id, podcastId));
  if (!show) return [];
  const image = imageOrArt(show.imageUrl, "podcast", show.slug);
  const rating = show.ratingTenths / 10;
  const docs: SearchDocument[] = [
    {
      kind: "podcast",
      key: String(show.id),
      title: show.title,
      subtitle: show.host ? `Podcast · ${show.host}` : "Podcast",
      image,
      href: showPath(show.slug),
      popularity: rating,
      recency: show.lastFetchedAt,
      fields: [show.host, show.description, ...show.categoryNames],
      names: [show.host],
    },
  ];
  const rows = await tx
    .select({
      id: episodes.id,
      title: episodes.title,
      description: episodes.description,
      publishedAt: episodes.publishedAt,
      transcripts: episodes.transcripts,
    })
    .from(episodes)
    .where(eq(episodes.podcastId, podcastId));
  // A web show's transcripts as the feed refresh job stored them (none for the club's shows).
  const fetched = await storedTranscriptWords(tx, podcastId);
  for (const episode of rows) {
    // What is said in it (the club's transcript files, or the fetched one): a spoken word finds it.
    const spoken =
      fetched.get(episode.id) ??
      (await episodeTranscript(episode.transcripts)).map((cue) => cue.text).join(" ");
    docs.push({
      kind: "episode",
      key: String(episode.id),
      title: episode.title,
      subtitle: `Episode · ${show.title}`,
      image,
      href: `${showPath(show.slug)}/${episode.id}`,
      popularity: rating,
      recency: episode.publishedAt,
      fields: [show.title, episode.description, spoken],
    });
  }
  return docs;
}
