import type { Page } from "@playwright/test";
import { DESKTOP_ONLY, expect, expectAccessible, PHONE_ONLY, test } from "./fixtures";

/**
 * Every route of the table answers 200, renders its screen heading, fits the width without
 * sideways scrolling, and passes axe: at desktop width in both themes (the colours differ by
 * theme, the markup does not, so one page load is scanned dark with every rule, switched to light
 * with the theme toggle, and scanned again with the rules that read colours), and at phone width
 * once, in the default theme, for what depends on the layout (target sizes, reflow, the compact
 * menu button).
 */
const screens = [
  ["/", "Your Portal to Fresh Music Across All Genres"],
  ["/working-home", "Music Hub"],
  ["/old-home", "Discover Your Next Favorite Sound"],
  ["/genres", "Genre Explorer"],
  ["/old-genres", "Explore Genres"],
  ["/genres/Rock", "Rock"],
  ["/genre/R%26B", "R&B"],
  ["/playlists", "Playlists"],
  ["/playlist/1", "Late Night Circuits"],
  ["/new-releases", "New Releases"],
  ["/releases", "New Releases"],
  ["/podcasts", "Music Podcasts"],
  ["/old-podcasts", "Waveform Podcasts"],
  ["/podcasts-discovery", "Podcast Discovery"],
  ["/merchandise", "Merchandise"],
  ["/streaming-partners", "Streaming Partners"],
  ["/artist-spotlight", "Emerging Artists"],
  ["/about", "About Waveform Music Club"],
  ["/charts", "Music Charts - 2025"],
  ["/playlist-creator", "Playlist Creator"],
  ["/spotify-test", "Spotify Connection Test"],
  ["/newsletter/confirm?token=e2e-screen", "Confirm your subscription"],
  ["/newsletter/unsubscribe?token=e2e-screen", "Unsubscribe from the newsletter"],
] as const;

test.beforeEach(async ({ page }) => {
  // Dark is the default; said here too so the first scan is dark whatever the default becomes.
  await page.addInitScript(() => localStorage.setItem("waveform-theme", "dark"));
});

/**
 * Screens known to scroll sideways at phone width, with why. The check still runs on them and
 * fails once they fit, so a fix takes its entry out.
 */
const knownSidewaysScroll: Record<string, string> = {};

async function openScreen(page: Page, path: string, heading: string, isPhone: boolean): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  const known = isPhone ? knownSidewaysScroll[path] : undefined;
  if (known) {
    test.info().annotations.push({ type: "known issue", description: known });
    expect(scrollWidth, `${path} fits now: take it out of knownSidewaysScroll`).toBeGreaterThan(innerWidth);
  } else {
    expect(scrollWidth, "page wider than the viewport (sideways scrolling)").toBeLessThanOrEqual(innerWidth);
  }
}

// Axe in both themes runs once, at desktop width.
test.describe("desktop width, dark and light theme", DESKTOP_ONLY, () => {
  for (const [path, heading] of screens) {
    test(`${path} shows '${heading}'`, async ({ page }) => {
      await openScreen(page, path, heading, false);
      await expectAccessible(page);

      // The page may still be hydrating: the click is held and replayed once it has.
      await page.getByRole("button", { name: "Light theme" }).click();
      await expect(page.locator("html")).toHaveClass(/\blight\b/);
      await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
      // The same screen, light: only what the colours decide (contrast, links told from text).
      await expectAccessible(page, { only: "colours" });
    });
  }
});

// The layout at phone width.
test.describe("phone width, default theme", PHONE_ONLY, () => {
  for (const [path, heading] of screens) {
    test(`${path} shows '${heading}'`, async ({ page }) => {
      await openScreen(page, path, heading, true);
      await expectAccessible(page);
    });
  }
});
