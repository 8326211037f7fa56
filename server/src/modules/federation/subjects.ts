import { createHash } from "node:crypto";
import { newsletterIssuePath } from "@waveform/contracts/newsletter-archive";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { playlists } from "../../db/schema";
import { xmlText as escapeHtml } from "../../lib/markup-text";
import { imageOrArt } from "../artwork/index";
import { archiveReads } from "../newsletter/index";
import { createPodcastFeedRepository, type OwnFeedEpisode } from "../podcasts/index";
import { CLUB_IDENTIFIER, showIdentifier } from "./accounts.repository";

/** A media file a post carries: an episode's audio, a playlist's cover. */
interface PostAttachment {
  type: "Audio" | "Image";
  url: string;
  mediaType: string;
  name: string;
  durationSeconds?: number;
}

/** What a post says, with absolute addresses: stored with the post, and what its digest hashes. */
export interface PostContent {
  type: "Note" | "Article";
  /** An Article's title; a Note has none (Mastodon shows a Note's content only). */
  name: string | null;
  summary: string | null;
  /** HTML of paragraphs, links and strong text only: every part escaped. */
  html: string;
  /** The page on the site the post is about. */
  url: string;
  attachments: PostAttachment[];
}

/** Something the club published that becomes a post: an episode, an issue or a playlist. */
export interface Subject {
  kind: "episode" | "issue" | "playlist";
  id: number;
  /** The account that posts it: the show for an episode, the club for the rest. */
  accountKey: string;
  publishedAt: Date;
  content: PostContent;
}

export const digestOf = (content: PostContent) =>
  createHash("sha256").update(JSON.stringify(content)).digest("base64url");

const paragraph = (html: string) => `<p>${html}</p>`;
const link = (url: string, text: string) => `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>`;

const AUDIO_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  ogg: "audio/ogg",
  opus: "audio/ogg",
};
const audioType = (url: string) =>
  AUDIO_TYPES[/\.(\w+)(?:$|[?#])/.exec(url)?.[1]?.toLowerCase() ?? ""] ?? "audio/mpeg";

function episodeSubject(
  publicUrl: string,
  slug: string,
  showTitle: string,
  episode: OwnFeedEpisode,
): Subject {
  const page = `${publicUrl}/podcasts/${encodeURIComponent(slug)}/${episode.id}`;
  const audio = episode.audioUrl.startsWith("/") ? `${publicUrl}${episode.audioUrl}` : episode.audioUrl;
  const summary = episode.description.trim();
  return {
    kind: "episode",
    id: episode.id,
    accountKey: showIdentifier(slug),
    publishedAt: episode.publishedAt ?? new Date(0),
    content: {
      type: "Note",
      name: null,
      summary: null,
      html: [
        paragraph(`<strong>${escapeHtml(episode.title)}</strong> · ${escapeHtml(showTitle)}`),
        ...(summary ? [paragraph(escapeHtml(summary))] : []),
        paragraph(link(page, page)),
      ].join(""),
      url: page,
      attachments: [
        {
          type: "Audio",
          url: audio,
          mediaType: audioType(audio),
          name: episode.title,
          ...(episode.durationSeconds !== null && { durationSeconds: episode.durationSeconds }),
        },
        {
          type: "Image",
          url: `${publicUrl}/art/podcast/${encodeURIComponent(slug)}.png`,
          mediaType: "image/png",
          name: showTitle,
        },
      ],
    },
  };
}

/** Everything the club has published that its accounts post, as the posts should now say it. */
const RASTER_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

/**
 * The media type of an image address that names a picture fediverse servers show (PNG, JPEG,
 * WebP, GIF, AVIF), by its extension; null for anything else (an SVG, an address without one).
 */
export function rasterImageType(address: string): string | null {
  const path = address.split(/[?#]/)[0] ?? "";
  const extension = path
    .slice(path.lastIndexOf("/") + 1)
    .split(".")
    .slice(1)
    .pop()
    ?.toLowerCase();
  return (extension && RASTER_TYPES[extension]) || null;
}

export async function currentSubjects(db: Database, publicUrl: string): Promise<Subject[]> {
  const shows = createPodcastFeedRepository(db);
  const subjects: Subject[] = [];
  for (const slug of await shows.ownShowSlugs()) {
    const show = await shows.ownShowFeed(slug);
    if (!show) continue;
    for (const episode of show.episodes) subjects.push(episodeSubject(publicUrl, slug, show.title, episode));
  }
  for (const issue of await archiveReads(db).published()) {
    const page = `${publicUrl}${newsletterIssuePath(issue.slug)}`;
    subjects.push({
      kind: "issue",
      id: issue.row.id,
      accountKey: CLUB_IDENTIFIER,
      publishedAt: new Date(issue.publishedAt),
      content: {
        type: "Article",
        name: issue.title,
        summary: issue.summary || null,
        html: [
          ...(issue.summary ? [paragraph(escapeHtml(issue.summary))] : []),
          paragraph(link(page, "Read the issue")),
        ].join(""),
        url: page,
        attachments: [],
      },
    });
  }
  const published = await db.select().from(playlists).where(eq(playlists.published, true));
  for (const playlist of published) {
    const page = `${publicUrl}/playlist/${playlist.id}`;
    const cover = imageOrArt(playlist.imageUrl, "cover", playlist.slug);
    // A drawing of our own (SVG) is not an image Mastodon shows: such a post goes without one.
    const coverType = rasterImageType(cover);
    subjects.push({
      kind: "playlist",
      id: playlist.id,
      accountKey: CLUB_IDENTIFIER,
      publishedAt: new Date(`${playlist.publishedOn}T00:00:00Z`),
      content: {
        type: "Note",
        name: null,
        summary: null,
        html: [
          paragraph(
            `New playlist: <strong>${escapeHtml(playlist.title)}</strong>, curated by ${escapeHtml(playlist.curator)}`,
          ),
          paragraph(escapeHtml(playlist.description)),
          paragraph(link(page, page)),
        ].join(""),
        url: page,
        attachments: coverType
          ? [
              {
                type: "Image",
                url: cover.startsWith("/") ? `${publicUrl}${cover}` : cover,
                mediaType: coverType,
                name: `${playlist.title} cover`,
              },
            ]
          : [],
      },
    });
  }
  return subjects;
}
