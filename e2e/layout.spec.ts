import { DESKTOP_ONLY, expect, expectAccessible, PHONE_ONLY, test } from "./fixtures";

const headerLinks = [
  { name: "Home", url: "/", heading: "Your Portal to Fresh Music Across All Genres" },
  { name: "Genres", url: "/genres", heading: "Genre Explorer" },
  { name: "Playlists", url: "/playlists", heading: "Playlists" },
  { name: "Podcasts", url: "/podcasts", heading: "Music Podcasts" },
  { name: "Merchandise", url: "/merchandise", heading: "Merchandise" },
  { name: "Streaming Partners", url: "/streaming-partners", heading: "Streaming Partners" },
  { name: "Artist Spotlight", url: "/artist-spotlight", heading: "Emerging Artists" },
  { name: "DJ Resources", url: "/#dj-section", heading: "For DJs & Producers" },
  { name: "Create Playlist", url: "/playlist-creator", heading: "Playlist Creator" },
  { name: "Spotify Test", url: "/spotify-test", heading: "Spotify Connection Test" },
];

// The desktop links are hidden below the medium width.
test.describe("desktop header", DESKTOP_ONLY, () => {
  for (const link of headerLinks) {
    test(`'${link.name}' leads to its screen`, async ({ page, visit }) => {
      await visit("/charts");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link.name }).click();
      await expect(page).toHaveURL(link.url);
      await expect(page.getByRole("heading", { name: link.heading, exact: true })).toBeInViewport();
      await expectAccessible(page);
    });
  }

  test("has no charts link, and the brand leads home", async ({ page, visit }) => {
    await visit("/about");
    await expect(page.getByRole("banner").getByRole("link", { name: /charts/i })).toHaveCount(0);
    await page.getByRole("banner").getByRole("link", { name: "Waveform Music Club" }).click();
    await expect(page).toHaveURL("/");
  });
});

// The menu button shows below the medium width.
test.describe("compact menu", PHONE_ONLY, () => {
  test("is closed by default, lists the links, and closes when one is chosen", async ({ page, visit }) => {
    await visit("/");
    const button = page.getByRole("button", { name: "Menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link")).toHaveText(headerLinks.map((link) => link.name));
    await expectAccessible(page);

    await menu.getByRole("link", { name: "Merchandise" }).click();
    await expect(page).toHaveURL("/merchandise");
    await expect(page.getByRole("heading", { name: "Merchandise", level: 1 })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("opens and closes by keyboard", async ({ page, visit }) => {
    await visit("/");
    const button = page.getByRole("button", { name: "Menu" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("opens, and a link in it goes to its page", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Menu" }).click();
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await expect(menu).toBeVisible();
      await menu.getByRole("link", { name: "Podcasts" }).click();
      await expect(page).toHaveURL("/podcasts");
      await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    });
  });
});

test("the footer has the quick links, social links and © 2025", async ({ page, visit }) => {
  await visit("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link")).toHaveText([
    "About",
    "Genres",
    "Playlists",
    "Podcasts",
  ]);
  for (const name of ["Instagram", "X (Twitter)", "Facebook", "YouTube"]) {
    await expect(footer.getByRole("link", { name })).toHaveAttribute("href", /^https:\/\//);
  }
  await expect(footer).toContainText("© 2025 Waveform Music Club");
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toBeVisible();
  await footer.getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL("/about");
});
