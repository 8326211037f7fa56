import { defaultSiteConfig, type SiteConfig, SiteConfigSchema } from "@waveform/contracts/site";

/** The server writes the site config into index.html; a page without it (vite dev) uses defaults. */
function readSiteConfig(): SiteConfig {
  const text = typeof document === "undefined" ? "" : document.getElementById("site-config")?.textContent;
  if (!text?.trim()) return defaultSiteConfig;
  try {
    const parsed = SiteConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : defaultSiteConfig;
  } catch {
    return defaultSiteConfig;
  }
}

/** The site's facts; in the browser read from the page, on the server set by the server entry. */
export const siteConfig: SiteConfig = readSiteConfig();

/** The address of the site: PUBLIC_URL as the server knows it (the page's own origin under vite dev). */
export function siteOrigin(): string {
  return siteConfig.publicUrl ?? window.location.origin;
}

/** Server rendering: the server's configuration (env overrides, PUBLIC_URL) replaces the defaults. */
export function adoptSiteConfig(site: SiteConfig): void {
  Object.assign(siteConfig, site);
}
