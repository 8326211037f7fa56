import {
  type AtomFeed,
  DetectError,
  MalformedError,
  ParseError,
  parseFeed as parseWithFeedsmith,
  type RssFeed,
} from "feedsmith";
import { htmlToText } from "./html-text";
import type { FeedSoundbite, FeedTranscript, ParsedEpisode, ParsedFeed } from "./parsed-feed";
import { htmlToShowNotes } from "./show-notes";

export class FeedParseError extends Error {
  override name = "FeedParseError";
}

/** Items beyond this are ignored (the largest real feeds have a few thousand). */
export const MAX_ITEMS = 5000;

const httpUrl = (value: string | undefined | null): string | null => {
  const text = value?.trim();
  if (!text || !/^https?:\/\/[^\s"'<>]+$/i.test(text)) return null;
  try {
    return new URL(text).href;
  } catch {
    return null;
  }
};

/**
 * An enclosure's address: http(s), or a path on the feed's own site (`/media/…`), which the writer
 * resolves against where the feed lives (feed-source.ts, resolveFeedAddress).
 */
const enclosureUrl = (value: string | undefined | null): string | null => {
  const text = value?.trim();
  if (text && /^\/(?![/\\])[^\s"'<>\\]*$/.test(text)) return text;
  return httpUrl(text);
};

const date = (value: string | undefined): Date | null => {
  // A date without a year ('26 novembre') is unknown: V8's lenient parser would invent 2001.
  if (!value || !/\d{4}/.test(value)) return null;
  const parsed = new Date(value.trim());
  return Number.isNaN(parsed.getTime()) ? null : parsed;
};

const seconds = (value: number | undefined): number | null =>
  value !== undefined && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;

const firstText = (...values: Array<string | undefined>) => {
  for (const value of values) {
    const text = htmlToText(value);
    if (text) return text;
  }
  return "";
};

/** The first field that gives show notes (the richest HTML first). */
const firstShowNotes = (...values: Array<string | undefined>) => {
  for (const value of values) {
    const notes = htmlToShowNotes(value);
    if (notes.length > 0) return notes;
  }
  return [];
};

const unique = (values: Array<string | undefined>) => [
  ...new Set(values.map((value) => value?.trim()).filter((value): value is string => !!value)),
];

/** Items keep this many transcripts and soundbites at most (real feeds give one to three). */
const MAX_LINKS = 10;
const MIME = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/i;

type PodcastItem = NonNullable<RssFeed.Item<string>["podcast"]>;

/** podcast:transcript links with an address we can store and a MIME type. */
function transcripts(podcast: PodcastItem | undefined): FeedTranscript[] {
  return (podcast?.transcripts ?? []).slice(0, MAX_LINKS).flatMap((transcript) => {
    const url = enclosureUrl(transcript.url);
    const type = transcript.type?.trim().toLowerCase();
    if (!url || !type || !MIME.test(type)) return [];
    const language = transcript.language?.trim().slice(0, 35);
    const rel = transcript.rel?.trim().slice(0, 35);
    return [{ url, type, ...(language && { language }), ...(rel && { rel }) }];
  });
}

/** podcast:soundbite parts with a start and a positive length; the title at most 128 characters. */
function soundbites(podcast: PodcastItem | undefined): FeedSoundbite[] {
  return (podcast?.soundbites ?? []).slice(0, MAX_LINKS).flatMap((bite) => {
    const { startTime, duration } = bite;
    if (typeof startTime !== "number" || typeof duration !== "number") return [];
    if (!Number.isFinite(startTime) || !Number.isFinite(duration) || startTime < 0 || duration <= 0)
      return [];
    return [{ startTime, duration, title: firstText(bite.display).slice(0, 128) }];
  });
}

function fromRss(feed: RssFeed.Feed<string>): ParsedFeed {
  const episodes: ParsedEpisode[] = [];
  for (const item of feed.items ?? []) {
    const enclosure = item.enclosures?.[0];
    const guid = item.guid?.value?.trim() || enclosure?.url?.trim() || item.link?.trim();
    if (!guid) continue;
    episodes.push({
      guid,
      title: firstText(item.title, item.itunes?.title) || "Untitled episode",
      description: firstText(
        item.description,
        item.itunes?.summary,
        item.content?.encoded,
        item.itunes?.subtitle,
      ),
      showNotes: firstShowNotes(item.content?.encoded, item.description, item.itunes?.summary),
      audioUrl: enclosureUrl(enclosure?.url),
      durationSeconds: seconds(item.itunes?.duration),
      publishedAt: date(item.pubDate),
      imageUrl: httpUrl(item.itunes?.image),
      chaptersUrl: enclosureUrl(item.podcast?.chapters?.url),
      transcripts: transcripts(item.podcast),
      soundbites: soundbites(item.podcast),
    });
  }
  return {
    format: "rss",
    title: firstText(feed.title, feed.itunes?.title),
    description: firstText(feed.description, feed.itunes?.summary, feed.itunes?.subtitle),
    author: firstText(
      feed.itunes?.author,
      feed.podcast?.persons?.[0]?.display,
      feed.managingEditor?.name,
      feed.itunes?.owner?.name,
    ),
    link: httpUrl(feed.link),
    imageUrl:
      httpUrl(feed.itunes?.image) ?? httpUrl(feed.image?.url) ?? httpUrl(feed.podcast?.images?.[0]?.href),
    categories: unique([
      ...(feed.itunes?.categories ?? []).flatMap((category) => [
        category.text,
        ...(category.categories ?? []).map((sub) => sub.text),
      ]),
      ...(feed.categories ?? []).map((category) => category.name),
    ]),
    episodes,
  };
}

function fromAtom(feed: AtomFeed.Feed<string>): ParsedFeed {
  const episodes: ParsedEpisode[] = [];
  for (const entry of feed.entries ?? []) {
    const enclosure = entry.links?.find((link) => link.rel === "enclosure");
    const page = entry.links?.find((link) => !link.rel || link.rel === "alternate");
    const guid = entry.id?.trim() || enclosure?.href?.trim() || page?.href?.trim();
    if (!guid) continue;
    episodes.push({
      guid,
      title: firstText(entry.title?.value) || "Untitled episode",
      description: firstText(entry.summary?.value, entry.content?.value),
      showNotes: firstShowNotes(entry.content?.value, entry.summary?.value),
      audioUrl: enclosureUrl(enclosure?.href),
      durationSeconds: seconds(entry.itunes?.duration),
      publishedAt: date(entry.published ?? entry.updated),
      imageUrl: httpUrl(entry.itunes?.image),
      chaptersUrl: null,
      transcripts: [],
      soundbites: [],
    });
  }
  return {
    format: "atom",
    title: firstText(feed.title?.value),
    description: firstText(feed.subtitle?.value),
    author: firstText(feed.authors?.[0]?.name),
    link: httpUrl(feed.links?.find((link) => !link.rel || link.rel === "alternate")?.href),
    imageUrl: httpUrl(feed.logo) ?? httpUrl(feed.icon) ?? httpUrl(feed.itunes?.image),
    categories: unique((feed.categories ?? []).map((category) => category.label ?? category.term)),
    episodes,
  };
}

/** Dates stay the feed's text here; `date()` reads them, so a bad date only loses that date. */
const parseWithStringDates = (text: string) =>
  parseWithFeedsmith(text, { maxItems: MAX_ITEMS, parseDateFn: (raw: string) => raw });

/**
 * Parses decoded feed text (RSS 2.0 with the iTunes and podcast: namespaces, or Atom) into the
 * catalogue's shape. The parser is feedsmith (docs/decisions/0005): lenient about real-world
 * damage, typed, and complete on the podcast namespace. Failures become a FeedParseError with a
 * sentence an operator can act on.
 */
export function parseFeed(text: string): ParsedFeed {
  let parsed: ReturnType<typeof parseWithStringDates>;
  try {
    parsed = parseWithStringDates(text);
  } catch (error) {
    if (error instanceof DetectError) {
      throw new FeedParseError("This is not an RSS or Atom feed (no <rss> or <feed> root was found).");
    }
    if (error instanceof ParseError) {
      throw new FeedParseError("The feed has no <channel> element, so it has no podcast to read.");
    }
    if (error instanceof MalformedError) {
      const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
      throw new FeedParseError(`The feed is not well-formed XML${cause}.`);
    }
    throw error;
  }
  const feed =
    parsed.format === "rss" ? fromRss(parsed.feed) : parsed.format === "atom" ? fromAtom(parsed.feed) : null;
  if (!feed)
    throw new FeedParseError(`${parsed.format.toUpperCase()} feeds are not podcast feeds we can read.`);
  if (!feed.title) throw new FeedParseError("The feed has no title.");
  return feed;
}
