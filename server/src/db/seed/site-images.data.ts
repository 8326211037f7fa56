import type { SiteImageName } from "@waveform/contracts/images";

/** The site-wide images; the addresses point at our generated artwork (see modules/artwork). */
export const siteImageSeeds: { name: SiteImageName; url: string }[] = [
  { name: "hero", url: "/art/site/hero.svg" },
  { name: "platforms", url: "/art/site/platforms.svg" },
  { name: "newsletter-background", url: "/art/site/newsletter-background.svg" },
];
