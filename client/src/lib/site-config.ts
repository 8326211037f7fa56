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

export const siteConfig = readSiteConfig();
