import type { SiteConfig } from "@waveform/contracts/site";
import { defaultSiteConfig } from "@waveform/contracts/site-defaults";

const TEXT_FIELDS = ["name", "shortName", "tagline", "submissionsEmail", "infoEmail"] as const;

/**
 * The server checked the config with SiteConfigSchema before writing it into the page; here only its
 * form is checked, so the first paint does not wait for zod.
 */
function hasSiteConfigForm(value: unknown): value is SiteConfig {
  if (typeof value !== "object" || value === null) return false;
  const fields = value as Record<string, unknown>;
  return (
    TEXT_FIELDS.every((field) => typeof fields[field] === "string") &&
    typeof fields.social === "object" &&
    fields.social !== null
  );
}

/** The server writes the site config into index.html; a page without it (vite dev) uses defaults. */
function readSiteConfig(): SiteConfig {
  const text = typeof document === "undefined" ? "" : document.getElementById("site-config")?.textContent;
  if (!text?.trim()) return defaultSiteConfig;
  try {
    const value: unknown = JSON.parse(text);
    return hasSiteConfigForm(value) ? value : defaultSiteConfig;
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
