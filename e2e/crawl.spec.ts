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
  // Pages arrive server-rendered with their status: a real screen answers 200 with its h1 in the HTML.
  for (const href of seen) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    if (!href.startsWith("/art/") && !href.startsWith("/fallback/")) {
      const html = await response.text();
      expect(html, href).toMatch(/<h1[\s>]/);
      expect(html, href).not.toContain("404 Page Not Found");
    }
  }
});
