// The site's default facts as plain values, so a page can read them without loading zod (site.ts
// holds the schema that checks them and the SITE_* overrides). It imports nothing: site.ts imports
// it and gives it the type SiteConfig, so the type check still says when a default does not fit.

export const defaultSiteConfig = {
  name: "Waveform Music Club",
  shortName: "Waveform",
  tagline:
    "Curated playlists, new releases and the stories behind the music, across every platform you listen on.",
  submissionsEmail: "submissions@waveform-music.club",
  infoEmail: "hello@waveform-music.club",
  social: {
    instagram: "https://www.instagram.com/",
    twitter: "https://x.com/",
    facebook: "https://www.facebook.com/",
    youtube: "https://www.youtube.com/",
  },
};
