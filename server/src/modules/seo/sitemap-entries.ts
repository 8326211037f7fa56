import { fillPath } from "@waveform/contracts/endpoint";
import { NEWSLETTER_ARCHIVE, newsletterIssuePath } from "@waveform/contracts/newsletter-archive";
import type { StaticPageId } from "@waveform/contracts/routes";
import { pageRoutes } from "@waveform/contracts/routes";
import type { SeoRepository } from "./seo.repository";
import { laterLastmod, type SitemapEntry } from "./sitemap-xml";

type DataSource = "playlists" | "genres" | "releases" | "podcasts";

/**
 * The static pages worth a search engine's time, with the data each shows (its lastmod is that
 * data's newest change; pages of client data modules have none). Left out: the landing page, the
 * genre grid and the club's podcasts page (legacy addresses showing what the current pages hold:
 * docs/product.md), /releases (another address of /new-releases), and
 * /playlist-creator and /spotify-test (a visitor's own Spotify connection; nothing to index).
 */
const SITEMAP_PAGES: Partial<Record<StaticPageId, readonly DataSource[]>> = {
  home: ["playlists", "genres", "releases", "podcasts"],
  musicHub: ["playlists", "releases"],
  genres: ["genres"],
  playlists: ["playlists"],
  newReleases: ["releases"],
  podcasts: ["podcasts"],
  podcastsDiscovery: ["podcasts"],
  merchandise: [],
  streamingPartners: [],
  artistSpotlight: [],
  about: [],
  charts: [],
  privacy: [],
};

function fillByPosition(pattern: string, values: readonly (string | number)[]): string {
  const names = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  return fillPath(pattern, Object.fromEntries(names.map((name, index) => [name, values[index] ?? ""])));
}

const newest = (rows: readonly { lastmod: string }[]) =>
  rows.reduce<string | undefined>((latest, row) => laterLastmod(latest, row.lastmod), undefined);

/**
 * Every address of the sitemap, pages first, read from the database. The show and episode pages
 * (`/podcasts/:show`, `/podcasts/:show/:episode`) join once the route table has them, whatever their
 * parameters are called: a show is named by its slug, an episode by its id (decision 0010).
 */
export async function sitemapEntries(
  repository: SeoRepository,
  routePatterns: readonly string[] = Object.values(pageRoutes),
): Promise<SitemapEntry[]> {
  const showPattern = routePatterns.find((pattern) => /^\/podcasts\/:\w+$/.test(pattern));
  const episodePattern = routePatterns.find((pattern) => /^\/podcasts\/:\w+\/:\w+$/.test(pattern));
  const [playlists, genres, podcasts, episodes, newestRelease, issues] = await Promise.all([
    repository.playlists(),
    repository.genres(),
    repository.podcasts(),
    episodePattern ? repository.episodes() : [],
    repository.newestReleaseDate(),
    repository.newsletterIssues(),
  ]);
  const lastmodOf: Record<DataSource, string | undefined> = {
    playlists: newest(playlists),
    genres: newest(genres),
    releases: newestRelease ?? undefined,
    podcasts: laterLastmod(newest(podcasts), newest(episodes)),
  };

  const entries: SitemapEntry[] = [];
  for (const [id, sources] of Object.entries(SITEMAP_PAGES) as [StaticPageId, DataSource[]][]) {
    const lastmod = sources.reduce<string | undefined>(
      (latest, source) => laterLastmod(latest, lastmodOf[source]),
      undefined,
    );
    entries.push({ path: pageRoutes[id], lastmod });
  }
  for (const playlist of playlists) {
    entries.push({
      path: fillPath(pageRoutes.playlistDetail, { id: playlist.id }),
      lastmod: playlist.lastmod,
    });
  }
  // The address the site's own links use (paths.genre in the client): the genre's name.
  for (const genre of genres) {
    entries.push({ path: fillPath(pageRoutes.genreByName, { name: genre.name }), lastmod: genre.lastmod });
  }
  if (showPattern) {
    for (const show of podcasts) {
      entries.push({ path: fillByPosition(showPattern, [show.slug]), lastmod: show.lastmod });
    }
  }
  if (episodePattern) {
    for (const episode of episodes) {
      entries.push({
        path: fillByPosition(episodePattern, [episode.showSlug, episode.id]),
        lastmod: episode.lastmod,
      });
    }
  }
  // The newsletter archive (issue 34), once it has an issue: the list, dated by the newest, and each issue.
  if (issues.length > 0) {
    entries.push({ path: NEWSLETTER_ARCHIVE.list, lastmod: newest(issues) });
    for (const issue of issues)
      entries.push({ path: newsletterIssuePath(issue.slug), lastmod: issue.lastmod });
  }
  return entries;
}
