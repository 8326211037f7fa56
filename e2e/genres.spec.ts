import { expect, expectAccessible, stubApi, test } from "./fixtures";

test("the explorer selects a genre, shows its tabs, and clears", async ({ page, visit }) => {
  await visit("/genres");
  const trending = page.getByRole("complementary").getByRole("listitem");
  await expect(trending).toHaveCount(5);
  await expect(trending.first()).toContainText("#1");
  await expect(trending.first()).toContainText("Electronic");
  await expect(trending.first()).toContainText("Electronic popularity: 90%");

  await page.getByRole("button", { name: "Jazz", exact: true }).click();
  const selection = page.getByRole("region", { name: "Jazz" });
  await expect(selection.getByRole("tab")).toHaveText(["Subgenres", "Playlists", "Artists"]);
  await expect(selection.getByText("Bebop", { exact: true })).toBeVisible();
  await selection.getByRole("tab", { name: "Playlists" }).click();
  await expect(selection.getByRole("article").first()).toContainText("Jazz");
  await selection.getByRole("tab", { name: "Artists" }).click();
  await expect(selection.getByText("Miles Davis")).toBeVisible();
  await expectAccessible(page);

  await selection.getByRole("button", { name: "Clear Selection" }).click();
  await expect(page.getByRole("region", { name: "Jazz" })).toHaveCount(0);
});

test("the explorer searches genre names", async ({ page, visit }) => {
  await visit("/genres");
  const search = page.getByRole("searchbox", { name: "Search genres" });
  await search.fill("co");
  await expect(page.getByRole("list", { name: "Genres" }).getByRole("button")).toHaveText([
    "Country",
    "Acoustic",
  ]);
  await search.fill("polka");
  await expect(page.getByText("No genres found")).toBeVisible();
});

test("the explorer reports a failed load", async ({ page }) => {
  await stubApi(page, "/api/genres", 500, { error: "Internal server error" });
  await page.goto("/genres");
  await expect(page.getByText("Failed to load genres. Please try again later.")).toBeVisible();
});

test("a failed subgenre load leaves the list empty and only logs", async ({ page, visit }) => {
  const logged: string[] = [];
  page.on("console", (message) => message.type() === "error" && logged.push(message.text()));
  await stubApi(page, "/api/genres/*/subgenres", 500, { error: "boom" });
  await visit("/genres");
  await page.getByRole("button", { name: "Rock", exact: true }).click();
  await expect(page.getByText("No subgenres yet")).toBeVisible();
  expect(logged.some((text) => text.includes("Failed to load subgenres"))).toBe(true);
});

test("genre detail: hero, tabs, about text and merchandise", async ({ page, visit }) => {
  await visit("/genre/rock");
  await expect(page.getByRole("heading", { level: 1, name: "Rock" })).toBeVisible();
  await expect(page.getByText("3 playlists available")).toBeVisible();
  await expect(page.getByRole("tabpanel").getByRole("article")).toHaveCount(3);
  await page.getByRole("tab", { name: "Top Artists" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Coming Soon");
  await page.getByRole("tab", { name: "Top Tracks" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Coming Soon");
  await expect(page.getByRole("heading", { name: "About Rock Music" })).toBeVisible();
  await expect(page.getByText("Rock took the blues")).toBeVisible();
  const merch = page.getByRole("region", { name: "Rock Merchandise" });
  await expect(merch.getByRole("link", { name: /\$/ })).toHaveCount(4);
  await expect(merch.getByRole("link", { name: "View All" })).toHaveAttribute(
    "href",
    "/merchandise?genre=Rock",
  );
  await expectAccessible(page);
});

test("genre detail matches decoded names in any case, on both routes", async ({ page, visit }) => {
  await visit("/genres/HIP%20HOP");
  await expect(page.getByRole("heading", { level: 1, name: "Hip Hop" })).toBeVisible();
  await visit("/genre/r%26b");
  await expect(page.getByRole("heading", { level: 1, name: "R&B" })).toBeVisible();
});

test("an unknown genre says 'Genre Not Found' with a way home", async ({ page, visit }) => {
  await visit("/genre/polka");
  await expect(page.getByRole("heading", { name: "Genre Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("the genre grid links every genre and offers a suggestion mail", async ({ page, visit }) => {
  await visit("/old-genres");
  await expect(page.getByRole("main").getByRole("link", { name: /playlists?$/ })).toHaveCount(10);
  await expect(page.getByRole("link", { name: "Submit a Suggestion" })).toHaveAttribute("href", /^mailto:/);
});

test("the music hub shows its sections and says 'API error' on failure", async ({ page, visit }) => {
  await visit("/working-home");
  await expect(page.getByRole("region", { name: "Featured Playlists" }).getByRole("article")).toHaveCount(4);
  const browse = page.getByRole("region", { name: "Browse by Genre" }).getByRole("link");
  await expect(browse).toHaveText(["Rock", "Pop", "Hip-Hop", "Electronic", "Jazz", "R&B"]);
  await expect(browse.nth(5)).toHaveAttribute("href", "/genre/r%26b");
  await expect(page.getByRole("heading", { name: "Technologies Used" })).toBeVisible();

  await stubApi(page, "/api/music/featured-playlists", 500);
  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "Error loading playlists" })).toContainText(
    "API error: 500",
  );
});
