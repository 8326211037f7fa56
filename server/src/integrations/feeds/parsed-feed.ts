import type { ShowNoteParagraph } from "@waveform/contracts/podcast-pages";

/** A podcast feed reduced to what the catalogue keeps, whatever format it came in. */
export interface ParsedFeed {
  format: "rss" | "atom";
  title: string;
  /** Plain text (HTML already reduced). */
  description: string;
  /** The host or publisher as the feed names it (itunes:author, author, managingEditor…). */
  author: string;
  /** The show's web page, when it has one. */
  link: string | null;
  imageUrl: string | null;
  /** iTunes categories and subcategories, plus plain RSS categories, in feed order. */
  categories: string[];
  episodes: ParsedEpisode[];
}

export interface ParsedEpisode {
  /** The item's guid, else its enclosure URL, else its link; items with none of these are skipped. */
  guid: string;
  title: string;
  description: string;
  /** The richest of the item's HTML fields as safe paragraphs of text and https links. */
  showNotes: ShowNoteParagraph[];
  /** http(s), or a path on the feed's site (resolved by resolveFeedAddress before it is stored). */
  audioUrl: string | null;
  durationSeconds: number | null;
  publishedAt: Date | null;
  imageUrl: string | null;
  /** podcast:chapters: the address of the episode's JSON chapters (resolved like audioUrl). */
  chaptersUrl: string | null;
  /** podcast:transcript, every one the item links (resolved like audioUrl). */
  transcripts: FeedTranscript[];
  /** podcast:soundbite, every one the item gives. */
  soundbites: FeedSoundbite[];
}

/** A transcript an item links: its address, MIME type, and language and rel when given. */
export interface FeedTranscript {
  url: string;
  type: string;
  language?: string;
  rel?: string;
}

/** A part of the episode its publisher picked out: start and length in seconds, and a title. */
export interface FeedSoundbite {
  startTime: number;
  duration: number;
  title: string;
}
