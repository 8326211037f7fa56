import type { Page } from "@playwright/test";
import { expect, expectAccessible, holdApi, renderInBrowser, stubApi, test } from "./fixtures";

/** /api/podcasts with or without a query string. */
const PODCASTS_API = /\/api\/podcasts(\?.*)?$/;

async function stubPodcasts(page: Page, status: number, body: unknown) {
  await renderInBrowser(page);
  await page.route(PODCASTS_API, (route) =>
    route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) }),
  );
}

const emptySummary = { featuredEpisode: null, recentEpisodes: [], podcasts: [] };

test.describe("Music Podcasts", () => {
  test("shows the featured podcast, podcasts rated 4 and up, and the first five episodes", async ({
    page,
    visit,
  }) => {
    await visit("/podcasts");
    const featured = page.getByRole("region", { name: "Featured Podcast" });
    await expect(featured).toContainText("The Green Room Sessions");
    await expect(featured).toContainText("Hosted by Maya Castellanos");
    await expect(page.getByRole("slider", { name: "Minimum rating" })).toHaveAttribute("aria-valuenow", "4");
    const results = page.getByRole("tabpanel");
    await expect(results.getByRole("article")).toHaveCount(6);
    const latest = page.getByRole("region", { name: "Latest Episodes" }).getByRole("listitem");
    await expect(latest).toHaveCount(5);
    await expect(latest.first()).toContainText("Lena Marsh on Life as a Touring Cellist");
    await expect(latest.first()).toContainText("0:26");
    await page.getByRole("button", { name: "Load More Episodes" }).click();
    await expect(latest).toHaveCount(10);
    await expect(page.getByRole("button", { name: "Load More Episodes" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Start Your Own Music Podcast" })).toBeVisible();
    await expectAccessible(page);
  });

  test("filters by search, category badge, category select and rating; Clear Filters resets", async ({
    page,
    visit,
  }) => {
    await visit("/podcasts");
    const cards = page.getByRole("tabpanel").getByRole("article");
    await expect(cards).toHaveCount(6);

    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("PRIYA");
    await expect(cards.getByRole("heading")).toHaveText(["Genre Atlas"]);
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("");

    await page.getByRole("button", { name: /^Music History/ }).click();
    await expect(page.getByRole("button", { name: /^Music History/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const category = page.getByRole("combobox", { name: "Category" });
    await expect(category.getByRole("option", { selected: true })).toHaveText("Music History");
    await expect(cards.getByRole("heading")).toHaveText(["Loop Theory", "Pressing Matters"]);

    await category.selectOption({ label: "Music Production" });
    await expect(cards.getByRole("heading")).toHaveText(["Bedroom to Master"]);

    // The rating slider works by keyboard: Home is its minimum, 1.
    const slider = page.getByRole("slider", { name: "Minimum rating" });
    await slider.focus();
    await page.keyboard.press("Home");
    await expect(slider).toHaveAttribute("aria-valuenow", "1");
    await expect(cards.getByRole("heading")).toHaveText(["Bedroom to Master", "Cue Sheet"]);
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveAttribute("aria-valuenow", "1.1");

    await page
      .getByRole("region", { name: "Find a podcast" })
      .getByRole("button", { name: "Clear Filters" })
      .click();
    await expect(slider).toHaveAttribute("aria-valuenow", "4");
    await expect(category.getByRole("option", { selected: true })).toHaveText("All categories");
    await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toHaveValue("");
    await expect(cards).toHaveCount(6);
  });

  test("tabs: New Releases, Trending and By Platform", async ({ page, visit }) => {
    await visit("/podcasts");
    await page.getByRole("tab", { name: "New Releases" }).click();
    await expect(page.getByRole("tabpanel").getByRole("article").getByRole("heading")).toHaveText([
      "The Portrait Series",
    ]);
    await page.getByRole("tab", { name: "Trending" }).click();
    await expect(page.getByRole("tabpanel").getByRole("article").getByRole("heading")).toHaveText([
      "The Green Room Sessions",
      "Bedroom to Master",
      "Genre Atlas",
    ]);
    await page.getByRole("tab", { name: "By Platform" }).click();
    await expect(page.getByRole("tabpanel").getByRole("heading", { level: 3 })).toHaveText([
      "Spotify",
      "Apple Podcasts",
      "SoundCloud",
    ]);
    await expectAccessible(page);
  });

  test("no match says 'No Podcasts Found', and 'Clear Filters' brings them back", async ({ page, visit }) => {
    await visit("/podcasts");
    await page.getByRole("searchbox", { name: "Search", exact: true }).fill("polka");
    await expect(page.getByText("No Podcasts Found")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("tabpanel").getByRole("button", { name: "Clear Filters" }).click();
    await expect(page.getByRole("tabpanel").getByRole("article")).toHaveCount(6);
  });

  test("a failed load says so; failed categories fall back to the fixed set", async ({ page }) => {
    await stubPodcasts(page, 500, { error: "Internal server error" });
    await stubApi(page, "/api/podcasts/categories", 503, { error: "Service unavailable" });
    await page.goto("/podcasts");
    await expect(page.getByRole("alert")).toContainText("Error Loading Podcasts");
    await expect(page.getByRole("alert")).toContainText("Failed to load podcasts. Please try again later.");
    const badges = page.getByRole("region", { name: "Browse by Category" }).getByRole("button");
    await expect(badges).toHaveText([
      "Interviews",
      "Music Production",
      "Music History",
      "Genre Deep Dives",
      "Music Business",
      "Artist Spotlight",
    ]);
    await expectAccessible(page);
  });

  test("an empty catalogue shows the empty texts", async ({ page }) => {
    await stubPodcasts(page, 200, emptySummary);
    await stubApi(page, "/api/real-podcasts/featured", 200, { podcasts: [] });
    await page.goto("/podcasts");
    await expect(page.getByText("No featured podcast available")).toBeVisible();
    await expect(page.getByText("No Podcasts Found")).toBeVisible();
    await expect(page.getByText("No episodes available")).toBeVisible();
  });

  test("a broken cover falls back to the local image", async ({ page }) => {
    // The page shows the cover as WebP (decision 0004); the drawing's address stays its src.
    await page.route(/\/art\/podcast\/green-room-sessions\.(svg|webp)/, (route) =>
      route.fulfill({ status: 404 }),
    );
    await page.goto("/podcasts");
    const cover = page.getByRole("img", { name: "Artwork of The Green Room Sessions" });
    await expect(cover).toHaveAttribute("src", "/fallback/cover.svg");
  });
});

test.describe("Waveform Podcasts (player)", () => {
  test("plays and pauses the featured episode from 35 %, and a chosen episode starts from 0", async ({
    page,
    visit,
  }) => {
    await page.clock.install();
    await visit("/old-podcasts");
    const progress = page.getByRole("progressbar", { name: /Progress of Lena Marsh/ });
    await expect(progress).toHaveAttribute("aria-valuenow", "35");
    await expect(page.getByText("Hosted by Maya Castellanos")).toBeVisible();

    await page.getByRole("button", { name: "Play Lena Marsh on Life as a Touring Cellist" }).click();
    // The installed clock also runs in real time, and a second is 3.8 % of a 26 s episode: on a busy
    // machine a tick can land between two steps, so the steps compare with what the bar showed.
    await page.clock.runFor(1_000);
    await expect(progress).not.toHaveAttribute("aria-valuenow", "35");
    await page.getByRole("button", { name: "Pause Lena Marsh on Life as a Touring Cellist" }).click();
    const paused = await progress.getAttribute("aria-valuenow");
    expect(Number(paused)).toBeGreaterThanOrEqual(39);
    await page.clock.runFor(60_000);
    await expect(progress).toHaveAttribute("aria-valuenow", String(paused));

    await page.getByRole("tab", { name: "Latest Episodes" }).click();
    await page.getByRole("button", { name: "Play Donuts and J Dilla's Last Year" }).click();
    const chosen = page.getByRole("progressbar", { name: /Progress of Donuts/ });
    await expect(page.getByText("Now Playing")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pause Donuts and J Dilla's Last Year" })).toHaveCount(2);
    // The audio plays in real time, so the bar is read once, as soon as the episode plays: it began
    // at the start, not where the featured episode paused (a busy machine may show a few per cent).
    const started = Number(await chosen.getAttribute("aria-valuenow"));
    expect(started).toBeLessThan(Number(paused));
    await page.clock.runFor(1_000);
    await expect(chosen).not.toHaveAttribute("aria-valuenow", String(started));
    await expectAccessible(page);

    await page.getByRole("tab", { name: "Most Popular" }).click();
    await expect(page.getByText("Popular episodes coming soon")).toBeVisible();
  });

  test("with no episodes it says so", async ({ page }) => {
    await stubPodcasts(page, 200, emptySummary);
    await page.goto("/old-podcasts");
    await expect(page.getByText("No featured episode available").first()).toBeVisible();
    await page.getByRole("tab", { name: "Latest Episodes" }).click();
    await expect(page.getByText("No episodes available")).toBeVisible();
  });
});

test.describe("Podcast Discovery", () => {
  test("shows featured and all podcasts, searches in the browser and filters by platform", async ({
    page,
    visit,
  }) => {
    await visit("/podcasts-discovery");
    await expect(page.getByRole("heading", { name: "Featured Podcasts" })).toBeVisible();
    const all = page.getByRole("region", { name: "All Music Podcasts" }).getByRole("article");
    await expect(all).toHaveCount(8);

    await page.getByRole("tab", { name: "Apple Podcasts" }).click();
    await expect(page.getByRole("heading", { name: "Featured Podcasts" })).toHaveCount(0);
    await expect(all).toHaveCount(3);
    for (const card of await all.all()) await expect(card).toContainText("Apple Podcasts");

    await page.getByRole("tab", { name: "All Platforms" }).click();
    await page.getByRole("searchbox", { name: "Search podcasts" }).fill("royalt");
    const results = page.getByRole("region", { name: "Search Results" }).getByRole("article");
    await expect(results.getByRole("heading")).toHaveText(["Net Receipts"]);
    await expect(page.getByRole("heading", { name: "Featured Podcasts" })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("searchbox", { name: "Search podcasts" }).fill("polka");
    await expect(page.getByText("No podcasts found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filters")).toBeVisible();
  });

  test("shows eight skeletons while loading, and treats a 401 as no data", async ({ page }) => {
    const release = await holdApi(page, "/api/real-podcasts");
    await page.goto("/podcasts-discovery");
    await expect(page.getByTestId("podcast-skeleton")).toHaveCount(8);
    release();
    await expect(page.getByRole("region", { name: "All Music Podcasts" }).getByRole("article")).toHaveCount(
      8,
    );

    await page.unrouteAll();
    await stubApi(page, "/api/real-podcasts", 401, { error: "Unauthorized" });
    await stubApi(page, "/api/real-podcasts/featured", 401, { error: "Unauthorized" });
    await page.reload();
    await expect(page.getByText("No podcasts found")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});

test.describe("home podcasts panel", () => {
  test("the latest episode shows its real progress (none before it is played)", async ({ page, visit }) => {
    await visit("/");
    const panel = page.getByRole("region", { name: "Waveform Podcasts" });
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByText("Latest Episode", { exact: true })).toBeVisible();
    await expect(
      panel.getByRole("heading", { name: "Lena Marsh on Life as a Touring Cellist" }),
    ).toBeVisible();
    // The simulated 35 % stays on /old-podcasts; this bar follows the site's player (player.spec.ts).
    await expect(panel.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");
    await expect(panel.getByTestId("elapsed")).toHaveText("0:00");
    await expect(
      panel.getByRole("button", { name: "Play Lena Marsh on Life as a Touring Cellist" }),
    ).toBeVisible();
    await expect(panel.getByRole("link", { name: "All episodes" })).toHaveAttribute("href", "#podcasts");
    const recent = panel.getByRole("listitem");
    await expect(recent).toHaveCount(4);
    await panel.getByRole("button", { name: "Load More Episodes" }).click();
    await expect(recent).toHaveCount(8);
    await panel.getByRole("button", { name: "Load More Episodes" }).click();
    await expect(recent).toHaveCount(9);
    await expectAccessible(page);
  });
});
