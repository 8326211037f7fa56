import * as z from "zod/mini";
import { defaultSiteConfig as siteDefaults } from "./site-defaults";

const SOCIAL_URL_MESSAGE = "must be an https:// address (got another scheme or no address)";
/** A social profile: https only (a javascript:, data: or http: link would be on every page). */
const SocialUrlSchema = z.url({ protocol: /^https$/, error: SOCIAL_URL_MESSAGE });

/** Brand, contact and social facts shown across the site; one module, overridable by SITE_* env. */
const SiteConfigSchema = z.object({
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

/** The SITE_* variables `siteConfigFromEnv` reads. */
export type SiteEnvVariable = keyof typeof envKeys | keyof typeof socialEnvKeys;

/**
 * What each SITE_* variable sets, for the configuration reference (docs/configuration.md); the
 * defaults are `defaultSiteConfig`'s. A variable missing here is a type error.
 */
export const siteEnvDescriptions: Record<SiteEnvVariable, string> = {
  SITE_NAME: "The club's name, shown across the site, in page titles, mail and feeds.",
  SITE_SHORT_NAME:
    "The short name, where the full one does not fit (the header on a phone, the podcasts' headings).",
  SITE_TAGLINE:
    "The one-line description in the footer, and the pages' description when they have none of their own.",
  SITE_SUBMISSIONS_EMAIL: "The address shown for submitting music.",
  SITE_INFO_EMAIL:
    "The contact address shown on the site and in the podcast feeds; also the sender of mail unless `SMTP_FROM` is set.",
  SITE_INSTAGRAM_URL:
    "The footer's Instagram link: an `https://` address only (another scheme stops the start with an error naming the variable).",
  SITE_TWITTER_URL: "The footer's X (Twitter) link: an `https://` address only.",
  SITE_FACEBOOK_URL: "The footer's Facebook link: an `https://` address only.",
  SITE_YOUTUBE_URL: "The footer's YouTube link: an `https://` address only.",
};

/** Each SITE_* variable with the value it overrides when it is unset. */
export function siteEnvDefaults(): Record<SiteEnvVariable, string> {
  const defaults = {} as Record<SiteEnvVariable, string>;
  for (const [variable, key] of Object.entries(envKeys))
    defaults[variable as SiteEnvVariable] = defaultSiteConfig[key];
  for (const [variable, key] of Object.entries(socialEnvKeys))
    defaults[variable as SiteEnvVariable] = defaultSiteConfig.social[key];
  return defaults;
}

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
