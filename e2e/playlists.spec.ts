import { expect, expectAccessible, holdApi, stubApi, test } from "./fixtures";

test("searches title, description and genre, and filters by platform tab", async ({ page, visit }) => {
  await visit("/playlists");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(12);
  await expect(page.getByRole("button", { name: "Load More Playlists" })).toBeVisible();

  const search = page.getByRole("searchbox", { name: "Search playlists" });
  await search.fill("JAZZ");
  await expect(cards).toHaveCount(3);
  await search.fill("midnight");
  await expect(cards.getByRole("heading")).toHaveText(["Late Night Circuits"]);

  await search.fill("");
  await page.getByRole("tab", { name: "Apple Music" }).click();
  await expect(page.getByRole("tab", { name: "Apple Music" })).toHaveAttribute("aria-selected", "true");
  await expect(cards.first()).toContainText("Apple Music");
  for (const card of await cards.all()) await expect(card).toContainText("Apple Music");
  await expectAccessible(page);
});

test("the covers come as WebP, drawn at least as wide as they are shown", async ({ page, visit }) => {
  await visit("/playlists");
  const cover = page.getByRole("article").first().locator("img");
  await expect(cover).toBeVisible();
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  const shown = await cover.evaluate((image: HTMLImageElement) => ({
    source: image.currentSrc.replace(location.origin, ""),
    drawn: image.naturalWidth,
    needed: image.clientWidth * devicePixelRatio,
  }));
  expect(shown.source).toMatch(/^\/art\/cover\/[a-z0-9-]+\.webp\?w=\d+$/);
  expect(shown.drawn).toBeGreaterThanOrEqual(shown.needed);
});

test("'Load More Playlists' shows the rest, then goes away", async ({ page, visit }) => {
  await visit("/playlists");
  await page.getByRole("button", { name: "Load More Playlists" }).click();
  await expect(page.getByRole("article")).toHaveCount(24);
  await page.getByRole("button", { name: "Load More Playlists" }).click();
  await expect(page.getByRole("article")).toHaveCount(32);
  await expect(page.getByRole("button", { name: "Load More Playlists" })).toHaveCount(0);
});

test("echoes a search with no results and clears it", async ({ page, visit }) => {
  await visit("/playlists");
  await page.getByRole("searchbox", { name: "Search playlists" }).fill("polka");
  await expect(page.getByText("No playlists found")).toBeVisible();
  await expect(page.getByText("Nothing matches “polka”.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Clear Search" }).click();
  await expect(page.getByRole("searchbox", { name: "Search playlists" })).toHaveValue("");
  await expect(page.getByRole("article")).toHaveCount(12);
});

test("related merchandise opens the product in the shop", async ({ page, visit }) => {
  await visit("/playlists");
  const merch = page.getByRole("region", { name: "Related Merchandise" }).getByRole("link", { name: /\$/ });
  await expect(merch).toHaveCount(4);
  await expect(merch.first()).toHaveAttribute("href", "/merchandise?id=waveform-club-tee");
});

test("shows skeletons while loading and the error when loading fails", async ({ page }) => {
  const release = await holdApi(page, "/api/playlists");
  await page.goto("/playlists");
  await expect(page.getByTestId("playlist-skeleton")).toHaveCount(12);
  release();
  await expect(page.getByRole("article").first()).toBeVisible();

  await page.unrouteAll();
  await stubApi(page, "/api/playlists", 500, { error: "Internal server error" });
  await page.reload();
  await expect(page.getByRole("alert")).toContainText("Error loading playlists");
});

test("playlist detail lists the tracks with durations and links out", async ({ page, visit }) => {
  await visit("/playlists");
  await page.getByRole("link", { name: "Play Late Night Circuits" }).click();
  await expect(page).toHaveURL("/playlist/1");
  await expect(page.getByRole("heading", { level: 1, name: "Late Night Circuits" })).toBeVisible();
  await expect(page.getByText("Curated by Maya Chen")).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(14 + 2);
  await expect(
    rows
      .nth(1)
      .getByRole("cell")
      .filter({ hasText: /^\d+:\d{2}$/ }),
  ).toHaveText("4:33");
  await expect(page.getByRole("link", { name: /Open in Spotify/ }).first()).toHaveAttribute(
    "href",
    /^https:\/\/open\.spotify\.com\/search\//,
  );
  // The club's own playlist exists on no platform: no header link to a search for its title.
  await expect(
    page.getByRole("link", { name: "Open in Spotify (opens in a new tab)", exact: true }),
  ).toHaveCount(0);
  await expectAccessible(page);
});

test("an unknown playlist says so", async ({ page, visit }) => {
  await visit("/playlist/99999");
  await expect(page.getByRole("heading", { name: "Playlist Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Playlists" }).click();
  await expect(page).toHaveURL("/playlists");
});

test("new releases list albums newest first on both addresses", async ({ page, visit }) => {
  for (const path of ["/new-releases", "/releases"]) {
    await visit(path);
    await expect(page.getByRole("article")).toHaveCount(13);
    await expect(page.getByRole("article").first()).toContainText("Tidal Memory");
  }
  await stubApi(page, "/api/music/new-releases", 502);
  await page.reload();
  await expect(page.getByRole("alert")).toContainText("Error loading new releases");
  await expect(page.getByRole("alert")).toContainText("API error: 502");
});
