import type { ListeningApp } from "@waveform/contracts/insights";

/**
 * The app a download is credited to, from its User-Agent (the patterns of the Open Podcast
 * Analytics Working Group's user-agent list, for the apps the report names). The apps first, then
 * Apple's media framework (Apple Podcasts streams with it), then browsers; anything else is other.
 */
const APPS: ReadonlyArray<readonly [ListeningApp, RegExp]> = [
  ["spotify", /^Spotify\/|\bSpotify\/\d/i],
  ["overcast", /^Overcast\//],
  ["pocket-casts", /Pocket ?Casts/i],
  ["antennapod", /AntennaPod\//i],
  // Apple Podcasts names itself in the device's language ("Podcasts/", "Balados/", "Podcasti/"…).
  [
    "apple-podcasts",
    /^(Podcasts|Balados|Podcasti|Podcasty|Podcast’ler|Podkaster|Podcaster|Podcast)\/\d|^iTunes\/|AppleCoreMedia\//,
  ],
  ["browser", /^Mozilla\/5\.0 .*(Firefox|Chrome|Chromium|Safari|Edg|OPR)\//],
];

export function listeningAppOf(userAgent: string): ListeningApp {
  for (const [app, pattern] of APPS) if (pattern.test(userAgent)) return app;
  return "other";
}
