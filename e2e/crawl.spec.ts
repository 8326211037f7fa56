import { expect, test } from "./fixtures";

const START = [
  "/",
  "/working-home",
  "/old-home",
  "/genres",
  "/old-genres",
  "/genre/Rock",
  "/playlists",
  "/playlist/1",
  "/new-releases",
];

test("every internal link on the catalogue screens reaches a real screen", async ({
  page,
  request,
  isPhone,
}) => {
  test.skip(isPhone, "links are the same at every width");
  test.setTimeout(120_000);
  const seen = new Set<string>();
  for (const start of START) {
    await page.goto(start);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    const hrefs = await page
      .locator("a[href^='/']")
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).getAttribute("href") ?? ""));
    for (const href of hrefs) seen.add(href.split("#")[0] || "/");
  }
  expect(seen.size).toBeGreaterThan(30);
  for (const href of seen) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    if (!href.startsWith("/art/") && !href.startsWith("/fallback/")) {
      await page.goto(href);
      // A product link opens its dialog, which hides the page behind it from the accessibility tree.
      const screen = page.getByRole("heading", { level: 1 }).or(page.getByRole("dialog"));
      await expect(screen.first(), href).toBeVisible();
      await expect(page.getByText("404 Page Not Found"), href).toHaveCount(0);
    }
  }
});
