import type { OgImageKind } from "@waveform/contracts/og";
import { pageTitles } from "@waveform/contracts/page-titles";
import { isStaticPageId } from "@waveform/contracts/routes";
import { isRowId } from "@waveform/contracts/row-id";
import type { SiteConfig } from "@waveform/contracts/site";
import { HttpError } from "../../plugins/errors";
import { type ArtKind, renderArtwork } from "../artwork/index";
import type { OgCard } from "./og-card";
import type { SeoRepository } from "./seo.repository";

type CardContent = Omit<OgCard, "artworkSvg" | "siteName"> & { art: [ArtKind, string] };

const isSlug = (key: string) => key.length <= 120 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(key);

interface KindRule {
  valid(key: string): boolean;
  /** What the 400 answer says a key of this kind looks like. */
  expected: string;
  load(key: string, repository: SeoRepository, site: SiteConfig): Promise<CardContent | null>;
}

/**
 * Each kind's key, what its card says, and which generated artwork it shows: the same art key the
 * item's pages use (playlists draw `cover/<slug>`, see the playlists repository).
 */
const KINDS: Record<OgImageKind, KindRule> = {
  playlist: {
    valid: isRowId,
    expected: "a playlist id",
    async load(key, repository) {
      const row = await repository.playlistCard(Number(key));
      return (
        row && {
          label: "Playlist",
          title: row.title,
          subtitle: `Curated by ${row.curator}`,
          art: ["cover", row.slug],
        }
      );
    },
  },
  genre: {
    valid: isSlug,
    expected: "a genre slug",
    async load(key, repository) {
      const row = await repository.genreCard(key);
      return row && { label: "Genre", title: row.name, subtitle: row.description, art: ["genre", row.slug] };
    },
  },
  podcast: {
    valid: isRowId,
    expected: "a podcast id",
    async load(key, repository) {
      const row = await repository.podcastCard(Number(key));
      const subtitle = row?.host ? `Hosted by ${row.host}` : undefined;
      return row && { label: "Podcast", title: row.title, subtitle, art: ["podcast", row.slug] };
    },
  },
  release: {
    valid: isRowId,
    expected: "a release id",
    async load(key, repository) {
      const row = await repository.releaseCard(Number(key));
      return (
        row && { label: "New release", title: row.title, subtitle: row.artist, art: ["album", row.slug] }
      );
    },
  },
  page: {
    valid: (key) => /^[A-Za-z]{1,40}$/.test(key),
    expected: "a page's route id",
    async load(key, _repository, site) {
      if (!isStaticPageId(key)) return null;
      const title = key === "home" ? site.name : pageTitles[key];
      return { title, subtitle: site.tagline, art: ["site", "hero"] };
    },
  },
};

export function isOgImageKind(kind: string): kind is OgImageKind {
  return Object.hasOwn(KINDS, kind);
}

/** The card for `<kind>/<key>`; 400 when the key cannot name an item of that kind, 404 when none has it. */
export async function ogCardFor(
  kind: OgImageKind,
  key: string,
  repository: SeoRepository,
  site: SiteConfig,
): Promise<OgCard> {
  const rule = KINDS[kind];
  if (!rule.valid(key)) throw new HttpError(400, `The image key must be ${rule.expected}`);
  const content = await rule.load(key, repository, site);
  if (!content) throw new HttpError(404, `No ${kind} has the key "${key}"`);
  const { art, ...text } = content;
  return { ...text, artworkSvg: renderArtwork(...art), siteName: site.name };
}
