import { createHash } from "node:crypto";
import type { ShowNoteParagraph } from "@waveform/contracts/podcast-pages";
import type { SiteConfig } from "@waveform/contracts/site";
import { xmlText as xml } from "../../lib/markup-text";
import type { OwnFeedEpisode, OwnShowFeed } from "./podcast-feed.repository";

export interface FeedSite {
  /** The site's address, no trailing slash (PUBLIC_URL). */
  publicUrl: string;
  site: Pick<SiteConfig, "name" | "infoEmail">;
}

/**
 * An episode's post on the fediverse, where its listeners can reply (`podcast:socialInteract`):
 * the post's address, the account that posted it (`@show@host`) and that account's page.
 */
interface EpisodeSocialInteract {
  uri: string;
  accountId: string;
  accountUrl: string;
}

/** The posts of a show's episodes by episode id (none when the club is not on the fediverse). */
export type EpisodePostsOf = (slug: string) => Promise<Map<number, EpisodeSocialInteract>>;

/** The Podcast Index namespace for podcast:guid. */
const PODCAST_GUID_NAMESPACE = "ead4c236-bf58-58c6-a2c6-a6b28d128cb6";

/** podcast:guid as the Podcast Index defines it: UUID v5 of the feed's address without its scheme. */
export function podcastGuid(feedUrl: string): string {
  const name = feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/\/+$/, "");
  const hash = createHash("sha1")
    .update(Buffer.from(PODCAST_GUID_NAMESPACE.replaceAll("-", ""), "hex"))
    .update(name)
    .digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The site's podcast categories as Apple's (Music and its subcategories). */
function itunesSubcategories(categories: string[]): string[] {
  const names = new Set<string>();
  for (const category of categories) {
    if (category === "Interviews") names.add("Music Interviews");
    else if (category === "Music History") names.add("Music History");
    else names.add("Music Commentary");
  }
  if (names.size === 0) names.add("Music Commentary");
  return [...names];
}

const MEDIA_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  mp4: "audio/mp4",
  aac: "audio/aac",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
};
const mediaType = (url: string) =>
  MEDIA_TYPES[/\.(\w+)(?:$|[?#])/.exec(url)?.[1]?.toLowerCase() ?? ""] ?? "audio/mpeg";

/** Show notes back to HTML: paragraphs of text and https links, every part escaped. */
const showNotesHtml = (notes: ShowNoteParagraph[]) =>
  notes
    .map(
      (paragraph) =>
        `<p>${paragraph
          .map((part) =>
            "url" in part ? `<a href="${xml(part.url)}">${xml(part.text)}</a>` : xml(part.text),
          )
          .join("")}</p>`,
    )
    .join("");

/** An episode's podcast-namespace links: JSON chapters, transcripts and soundbites. */
function podcastLinks(episode: OwnFeedEpisode, absolute: (path: string) => string): string[] {
  return [
    episode.chaptersUrl
      ? `<podcast:chapters url="${xml(absolute(episode.chaptersUrl))}" type="application/json+chapters"/>`
      : "",
    ...episode.transcripts.map(
      (transcript) =>
        `<podcast:transcript url="${xml(absolute(transcript.url))}" type="${xml(transcript.type)}"${
          transcript.language ? ` language="${xml(transcript.language)}"` : ""
        }${transcript.rel ? ` rel="${xml(transcript.rel)}"` : ""}/>`,
    ),
    ...episode.soundbites.map(
      (bite) =>
        `<podcast:soundbite startTime="${bite.startTime}" duration="${bite.duration}">${xml(bite.title)}</podcast:soundbite>`,
    ),
  ];
}

/** Where the episode's listeners reply on the fediverse (the Podcast Index's `activitypub` protocol). */
const socialInteract = (post: EpisodeSocialInteract | undefined) =>
  post
    ? `<podcast:socialInteract protocol="activitypub" uri="${xml(post.uri)}" accountId="${xml(post.accountId)}" accountUrl="${xml(post.accountUrl)}"/>`
    : "";

function item(
  show: OwnShowFeed,
  episode: OwnFeedEpisode,
  absolute: (path: string) => string,
  post: EpisodeSocialInteract | undefined,
): string {
  const enclosure = absolute(episode.audioUrl);
  return [
    "<item>",
    `<title>${xml(episode.title)}</title>`,
    `<link>${xml(absolute(`/podcasts/${encodeURIComponent(show.slug)}/${episode.id}`))}</link>`,
    `<guid isPermaLink="false">${xml(episode.guid)}</guid>`,
    episode.publishedAt ? `<pubDate>${episode.publishedAt.toUTCString()}</pubDate>` : "",
    `<description>${xml(episode.description)}</description>`,
    episode.showNotes.length
      ? `<content:encoded>${xml(showNotesHtml(episode.showNotes))}</content:encoded>`
      : "",
    // RSS best practice: a length that cannot be known is written as 0.
    `<enclosure url="${xml(enclosure)}" length="${episode.audioBytes ?? 0}" type="${mediaType(enclosure)}"/>`,
    episode.durationSeconds !== null ? `<itunes:duration>${episode.durationSeconds}</itunes:duration>` : "",
    "<itunes:episodeType>full</itunes:episodeType>",
    "<itunes:explicit>false</itunes:explicit>",
    ...podcastLinks(episode, absolute),
    socialInteract(post),
    "</item>",
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * A club show as an RSS 2.0 podcast feed with the itunes and podcast namespaces (what Apple
 * Podcasts and the Podcast Index ask for): absolute addresses from PUBLIC_URL, a square PNG
 * artwork of 1400 px, the owner's address, Apple's Music categories, every episode with its
 * enclosure (length and type), guid, date and duration in seconds. The podcast namespace: the
 * show's podcast:guid, podcast:locked (no: the club lets anyone list its shows; the owner is the
 * club's address), its host as podcast:person, and each episode's JSON chapters, WebVTT and SRT
 * transcripts and soundbite as its feed in the repository links them (make-audio.mjs), and, for an
 * episode the show's fediverse account has posted, podcast:socialInteract pointing at that post.
 */
export function podcastFeedXml(
  show: OwnShowFeed,
  { publicUrl, site }: FeedSite,
  posts: Map<number, EpisodeSocialInteract> = new Map(),
): string {
  const absolute = (path: string) => (/^https?:\/\//i.test(path) ? path : `${publicUrl}${path}`);
  const slug = encodeURIComponent(show.slug);
  const page = absolute(`/podcasts/${slug}`);
  const self = absolute(`/podcasts/${slug}/feed.xml`);
  const artwork = absolute(`/art/podcast/${slug}.png`);
  const newest = show.episodes.find((episode) => episode.publishedAt)?.publishedAt;
  const categories = itunesSubcategories(show.categories)
    .map((name) => `<itunes:category text="${xml(name)}"/>`)
    .join("");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "<channel>",
    `<title>${xml(show.title)}</title>`,
    `<link>${xml(page)}</link>`,
    `<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>`,
    `<description>${xml(show.description || show.title)}</description>`,
    "<language>en</language>",
    newest ? `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : "",
    `<generator>${xml(site.name)}</generator>`,
    `<image><url>${xml(artwork)}</url><title>${xml(show.title)}</title><link>${xml(page)}</link></image>`,
    `<itunes:image href="${xml(artwork)}"/>`,
    `<itunes:author>${xml(show.host || site.name)}</itunes:author>`,
    `<itunes:owner><itunes:name>${xml(site.name)}</itunes:name><itunes:email>${xml(site.infoEmail)}</itunes:email></itunes:owner>`,
    `<itunes:category text="Music">${categories}</itunes:category>`,
    "<itunes:explicit>false</itunes:explicit>",
    "<itunes:type>episodic</itunes:type>",
    `<podcast:guid>${podcastGuid(self)}</podcast:guid>`,
    `<podcast:locked owner="${xml(site.infoEmail)}">no</podcast:locked>`,
    show.host ? `<podcast:person role="host">${xml(show.host)}</podcast:person>` : "",
    ...show.episodes.map((episode) => item(show, episode, absolute, posts.get(episode.id))),
    "</channel>",
    "</rss>",
    "",
  ]
    .filter((line) => line !== "")
    .join("\n")
    .concat("\n");
}
