import { isLocalFeedSource } from "../../integrations/feeds/feed-source";

/**
 * The club's own shows are read from feeds in the repository or on this machine (`seed:`/`file:`);
 * the site publishes them (`/podcasts/<slug>/feed.xml`). Shows read from the web have a publisher.
 */
export const isOwnFeed = (feedUrl: string) => isLocalFeedSource(feedUrl);

/** The site path of a club show's published feed. */
export const ownFeedPath = (slug: string) => `/podcasts/${encodeURIComponent(slug)}/feed.xml`;
