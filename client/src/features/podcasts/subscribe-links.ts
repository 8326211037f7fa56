/** A podcast app and how to hand it a feed address. */
interface SubscribeApp {
  name: string;
  href: (feedUrl: string) => string;
}

const withoutScheme = (url: string) => url.replace(/^https?:\/\//i, "");

/**
 * The podcast apps a club show offers one-tap subscription in, with the address form each one
 * documents: the `podcast://` scheme most apps register, Pocket Casts' `pktc://subscribe/`,
 * Overcast's x-callback `add` and AntennaPod's web deep link (which works without the app too).
 */
export const SUBSCRIBE_APPS: readonly SubscribeApp[] = [
  { name: "Podcast app", href: (feed) => `podcast://${withoutScheme(feed)}` },
  { name: "Pocket Casts", href: (feed) => `pktc://subscribe/${withoutScheme(feed)}` },
  { name: "Overcast", href: (feed) => `overcast://x-callback-url/add?url=${encodeURIComponent(feed)}` },
  {
    name: "AntennaPod",
    href: (feed) => `https://antennapod.org/deeplink/subscribe?url=${encodeURIComponent(feed)}`,
  },
];

/** A feed address as a podcast app needs it: absolute, a site path joined to the site's address. */
export const absoluteFeedUrl = (feedUrl: string, origin: string) =>
  feedUrl.startsWith("/") ? `${origin}${feedUrl}` : feedUrl;
