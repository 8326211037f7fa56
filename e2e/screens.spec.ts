import { expect, expectAccessible, test } from "./fixtures";

/** Every route of the table renders its screen heading, passes axe in both themes, and answers 200. */
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
] as const;

for (const theme of ["dark", "light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem("waveform-theme", value), theme);
    });

    for (const [path, heading] of screens) {
      test(`${path} shows '${heading}'`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expectAccessible(page);
      });
    }
  });
}
