import { NEWSLETTER_ARCHIVE } from "@waveform/contracts/newsletter-archive";
import type { Database } from "../../db/client";
import { createPodcastFeedRepository } from "../podcasts/index";
import type { ClubAccount } from "./accounts.repository";

export interface SiteFacts {
  publicUrl: string;
  name: string;
  tagline: string;
}

/** What an account's profile shows: its name and bio, its page on the site, pictures and links. */
interface AccountProfile {
  name: string;
  summary: string;
  /** The account's page on the site (the home page for the club, a show's page for a show). */
  pageUrl: string;
  avatar: { url: string; mediaType: string };
  header: { url: string; mediaType: string };
  /** Shown as the profile's table of links. */
  links: { name: string; url: string }[];
}

export async function profileOf(
  db: Database,
  site: SiteFacts,
  account: ClubAccount,
): Promise<AccountProfile | null> {
  const absolute = (path: string) => `${site.publicUrl}${path}`;
  if (account.kind === "club") {
    return {
      name: site.name,
      summary: site.tagline,
      pageUrl: absolute("/"),
      avatar: { url: absolute("/icons/icon-512.png"), mediaType: "image/png" },
      header: { url: absolute("/icons/maskable-512.png"), mediaType: "image/png" },
      links: [
        { name: "Site", url: absolute("/") },
        { name: "Newsletter RSS", url: absolute(NEWSLETTER_ARCHIVE.feed) },
      ],
    };
  }
  const slug = account.slug ?? "";
  const show = await createPodcastFeedRepository(db).ownShowFeed(slug);
  if (!show) return null;
  const art = { url: absolute(`/art/podcast/${encodeURIComponent(slug)}.png`), mediaType: "image/png" };
  const page = absolute(`/podcasts/${encodeURIComponent(slug)}`);
  return {
    name: show.title,
    summary: show.description,
    pageUrl: page,
    avatar: art,
    header: art,
    links: [
      { name: "Show", url: page },
      { name: "RSS", url: absolute(`/podcasts/${encodeURIComponent(slug)}/feed.xml`) },
    ],
  };
}
