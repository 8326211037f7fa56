import { expect, test } from "./fixtures";

// Decision 0021: a route declares the reads its screen shows; a navigation shows the next page only
// once they are there (the page before stays), and a link's hover or focus reads them ahead.

/** The page's code has taken over: reading ahead is what the hydrated page does (the subject here). */
const hydrated = (page: import("@playwright/test").Page) =>
  page.locator('html[data-app="ready"]').waitFor({ state: "attached" });

test("hovering a link reads its page ahead, and the click finds it there", async ({ page, visit }) => {
  await visit("/playlists");
  await hydrated(page);
  const link = page.getByRole("link", { name: "Play Late Night Circuits" });
  // The page's declared reads: the playlist, and its replies from the fediverse (asked once the
  // replies' contract has loaded, so a moment after the first).
  const answered = (path: string) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === path);
  const readAhead = Promise.all([answered("/api/playlists/1"), answered("/api/fediverse/replies")]);
  await link.hover();
  await readAhead;

  const readsAfterClick: string[] = [];
  page.on("request", (request) => {
    // Reads only: the insights beacon (a POST) is not one.
    if (request.method() === "GET" && new URL(request.url()).pathname.startsWith("/api/"))
      readsAfterClick.push(request.url());
  });
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Late Night Circuits" })).toBeVisible();
  expect(readsAfterClick).toEqual([]);
});

test("focusing a link by keyboard reads its page ahead too", async ({ page, visit }) => {
  await visit("/playlists");
  await hydrated(page);
  const readAhead = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/playlists/2");
  await page.getByRole("link", { name: "Play Warehouse Classics" }).focus();
  await readAhead;
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Warehouse Classics" })).toBeVisible();
});

test("a navigation keeps the page on screen until the next page's data is there", async ({ page, visit }) => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/playlists/3", async (route) => {
    await released;
    await route.continue();
  });
  await visit("/playlists");
  // A client-side navigation exists once the code runs: before, the browser follows the link itself
  // and the server sends the next page whole.
  await hydrated(page);
  const read = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/playlists/3");
  await page.getByRole("link", { name: "Play Ambient Mornings" }).click();
  await read;
  // While the answer is held: the list is still the page shown, with no loading state in its place.
  await expect(page.getByRole("heading", { level: 1, name: "Playlists" })).toBeVisible();
  await expect(page.getByTestId("playlist-skeleton")).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Ambient Mornings" })).toBeVisible();
});
