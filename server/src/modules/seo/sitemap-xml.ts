/** One address for the sitemap: a path on this site and, when the data tells, when it last changed. */
export interface SitemapEntry {
  path: string;
  /** W3C datetime: `YYYY-MM-DD` or `YYYY-MM-DDThh:mm:ssZ`. */
  lastmod?: string;
}

/** The protocol's limit of addresses per file (sitemaps.org); more make a sitemap index. */
export const SITEMAP_URL_LIMIT = 50_000;

const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);

/** The later of two W3C datetimes (a date counts as its midnight UTC). */
export function laterLastmod(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

function locAndLastmod(loc: string, lastmod: string | undefined): string {
  return `<loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ""}`;
}

function urlset(entries: readonly SitemapEntry[], publicUrl: string): string {
  const urls = entries.map((entry) => `<url>${locAndLastmod(publicUrl + entry.path, entry.lastmod)}</url>`);
  return `${XML_DECLARATION}\n<urlset xmlns="${NAMESPACE}">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Where part `n` (1-based) of a split sitemap is served. */
const sitemapPartPath = (n: number) => `/sitemaps/${n}.xml`;

interface SitemapFiles {
  /** `/sitemap.xml`: every address, or, past the limit, an index of the parts. */
  root: string;
  /** `/sitemaps/1.xml` …; empty when everything fits in the root. */
  parts: string[];
}

/**
 * The sitemap as files: one `<urlset>` while the addresses fit in `limit`, otherwise a
 * `<sitemapindex>` whose parts hold `limit` addresses each (each part's lastmod is its newest).
 */
export function buildSitemapFiles(
  entries: readonly SitemapEntry[],
  publicUrl: string,
  limit = SITEMAP_URL_LIMIT,
): SitemapFiles {
  if (entries.length <= limit) return { root: urlset(entries, publicUrl), parts: [] };
  const parts: string[] = [];
  const index: string[] = [];
  for (let start = 0; start < entries.length; start += limit) {
    const chunk = entries.slice(start, start + limit);
    parts.push(urlset(chunk, publicUrl));
    const newest = chunk.reduce<string | undefined>(
      (latest, entry) => laterLastmod(latest, entry.lastmod),
      undefined,
    );
    index.push(`<sitemap>${locAndLastmod(publicUrl + sitemapPartPath(parts.length), newest)}</sitemap>`);
  }
  const root = `${XML_DECLARATION}\n<sitemapindex xmlns="${NAMESPACE}">\n${index.join("\n")}\n</sitemapindex>\n`;
  return { root, parts };
}
