import * as z from "zod/mini";
import { defaultSiteConfig as siteDefaults } from "./site-defaults";

export const SOCIAL_URL_MESSAGE = "must be an https:// address (got another scheme or no address)";
/** A social profile: https only (a javascript:, data: or http: link would be on every page). */
const SocialUrlSchema = z.url({ protocol: /^https$/, error: SOCIAL_URL_MESSAGE });

/** Brand, contact and social facts shown across the site; one module, overridable by SITE_* env. */
export const SiteConfigSchema = z.object({
  name: z.string().check(z.minLength(1)),
  shortName: z.string().check(z.minLength(1)),
  tagline: z.string().check(z.minLength(1)),
  submissionsEmail: z.email(),
  infoEmail: z.email(),
  /** The address visitors use (PUBLIC_URL); set by the server when it writes the page. */
  publicUrl: z.optional(z.url()),
  /**
   * Whether this server has a Spotify app (SPOTIFY_CLIENT_ID); set by the server when it writes the
   * page. Absent (vite dev without a server-written page): taken as configured.
   */
  spotifyConfigured: z.optional(z.boolean()),
  social: z.object({
    instagram: SocialUrlSchema,
    twitter: SocialUrlSchema,
    facebook: SocialUrlSchema,
    youtube: SocialUrlSchema,
  }),
});

export type SiteConfig = z.infer<typeof SiteConfigSchema>;

/** The site's facts when no SITE_* variable is set (site-defaults.ts, here checked against the type). */
export const defaultSiteConfig: SiteConfig = siteDefaults;

const envKeys = {
  SITE_NAME: "name",
  SITE_SHORT_NAME: "shortName",
  SITE_TAGLINE: "tagline",
  SITE_SUBMISSIONS_EMAIL: "submissionsEmail",
  SITE_INFO_EMAIL: "infoEmail",
} as const;

const socialEnvKeys = {
  SITE_INSTAGRAM_URL: "instagram",
  SITE_TWITTER_URL: "twitter",
  SITE_FACEBOOK_URL: "facebook",
  SITE_YOUTUBE_URL: "youtube",
} as const;

/** The site config with any non-empty SITE_* variables applied; throws naming the bad variable. */
export function siteConfigFromEnv(env: Record<string, string | undefined>): SiteConfig {
  const config: SiteConfig = { ...defaultSiteConfig, social: { ...defaultSiteConfig.social } };
  for (const [variable, key] of Object.entries(envKeys)) {
    const value = env[variable]?.trim();
    if (value) config[key] = value;
  }
  for (const [variable, key] of Object.entries(socialEnvKeys)) {
    const value = env[variable]?.trim();
    if (value) config.social[key] = value;
  }
  const parsed = SiteConfigSchema.safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") ?? "";
    const variable =
      Object.entries({ ...envKeys, ...socialEnvKeys }).find(
        ([, key]) => key === field || `social.${key}` === field,
      )?.[0] ?? field;
    throw new Error(`${variable}: ${issue?.message ?? "invalid value"}`);
  }
  return parsed.data;
}
