import type { WelcomeSettings } from "@waveform/contracts/newsletter-issues";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { newsletterSettings } from "../../../db/schema";

/** The welcome mail's settings row (newsletter_settings); absent until the console saves it. */
export const WELCOME_SETTING = "welcome";

const DEFAULT_WELCOME: WelcomeSettings = {
  enabled: false,
  subject: "Welcome to the newsletter",
  body: "Thanks for confirming your subscription. We write when there is music worth your time: new playlists, releases and episodes.",
};

export async function readWelcome(db: Database): Promise<WelcomeSettings> {
  const [row] = await db
    .select()
    .from(newsletterSettings)
    .where(eq(newsletterSettings.name, WELCOME_SETTING));
  if (!row) return DEFAULT_WELCOME;
  return {
    enabled: row.value.enabled === true,
    subject: typeof row.value.subject === "string" ? row.value.subject : DEFAULT_WELCOME.subject,
    body: typeof row.value.body === "string" ? row.value.body : DEFAULT_WELCOME.body,
  };
}

export async function saveWelcome(db: Database, settings: WelcomeSettings): Promise<WelcomeSettings> {
  const value = { ...settings };
  await db
    .insert(newsletterSettings)
    .values({ name: WELCOME_SETTING, value })
    .onConflictDoUpdate({ target: newsletterSettings.name, set: { value, updatedAt: sql`now()` } });
  return settings;
}
