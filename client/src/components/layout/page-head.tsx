import { ogImagePath } from "@waveform/contracts/og";
import { isStaticPageId, type PageRouteId, pageRoutes } from "@waveform/contracts/routes";
import { useState } from "react";
import { useLocation } from "react-router";
import { siteConfig, siteOrigin } from "../../lib/site-config";
import { jsonLdText, type StructuredData } from "../../lib/structured-data";

export interface PageHeadProps {
  /** The page's own name; the document title adds the site name (`<title> · <site>`). */
  title: string;
  /** The whole document title, when it is not `<title> · <site>` (the home page). */
  documentTitle?: string;
  description?: string;
  /** A link-preview image path (`ogImagePath(...)`); by default the page's own card. */
  image?: string;
  /** Open Graph type: `website` unless the page is one thing (`music.playlist`, `music.album`). */
  type?: string;
  /**
   * schema.org objects for the page (JSON-LD), e.g. a MusicPlaylist and its BreadcrumbList: built on
   * the server only (`import.meta.env.SSR ? [...] : BUILT_BY_SERVER`, see BUILT_BY_SERVER).
   */
  structuredData?: StructuredData[] | typeof BUILT_BY_SERVER;
  /** The one address of a page reachable at several (`/genres/rock` and `/genre/Rock`); by default this one. */
  canonicalPath?: string;
  /** Pages that say something does not exist are kept out of search engines. */
  noindex?: boolean;
  /** A podcast feed the page stands for (a show): offered to feed readers as an RSS alternate. */
  feed?: { title: string; href: string };
}

/**
 * What a page passes as its structured data in the browser. JSON-LD is for search engines, which
 * read each page as the server sends it, so a page builds its objects only on the server
 * (`structuredData={import.meta.env.SSR ? [...] : BUILT_BY_SERVER}`): the build then leaves the
 * builders out of the browser's code (1.5–2 KB gzip on a page's first load), and the browser keeps
 * the server's element as it hydrates. A page the browser renders after a navigation has none; a
 * crawler never sees such a page.
 */
export const BUILT_BY_SERVER = "built by the server";

/** Whether this render hydrates the server's markup (the page has not started yet). */
const hydratingNow = () =>
  typeof document === "undefined" || document.documentElement.dataset.app !== "ready";

const staticPageOf = (pathname: string): PageRouteId | undefined =>
  (Object.keys(pageRoutes) as PageRouteId[]).find((id) => pageRoutes[id] === pathname);

/**
 * What a page is, for browsers, search engines and link previews: title, description, canonical
 * address (from PUBLIC_URL), Open Graph and Twitter card tags and JSON-LD. React puts the tags in
 * <head>, on the server (ahead of the markup, moved there by the server) and on navigation.
 */
export function PageHead({
  title,
  documentTitle = `${title} · ${siteConfig.name}`,
  description = siteConfig.tagline,
  image,
  type = "website",
  structuredData,
  canonicalPath,
  noindex = false,
  feed,
}: PageHeadProps) {
  const { pathname } = useLocation();
  // Mounted as the page hydrates: the server's JSON-LD element is there to keep.
  const [fromServer] = useState(hydratingNow);
  const origin = siteOrigin();
  const url = `${origin}${canonicalPath ?? pathname}`;
  const staticPage = staticPageOf(pathname);
  const imagePath =
    image ?? ogImagePath("page", staticPage && isStaticPageId(staticPage) ? staticPage : "home");
  const imageUrl = `${origin}${imagePath}`;
  return (
    <>
      <title>{documentTitle}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:site_name" content={siteConfig.name} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={title} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {feed && <link rel="alternate" type="application/rss+xml" title={feed.title} href={feed.href} />}
      {structuredData !== undefined && (import.meta.env.SSR || fromServer) && (
        <script
          type="application/ld+json"
          // The browser renders the element the server wrote and leaves its text as it is.
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is data, escaped by jsonLdText so it cannot close the element
          dangerouslySetInnerHTML={{
            __html:
              import.meta.env.SSR && Array.isArray(structuredData) ? jsonLdText(structuredData, origin) : "",
          }}
        />
      )}
    </>
  );
}
