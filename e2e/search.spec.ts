import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

/** The header's search field, opened by the 'Search' button first on phones. */
async function openSearch(page: Page, isPhone: boolean) {
  if (isPhone) await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
  const field = page.getByRole("banner").getByRole("searchbox", { name: "Search the site" });
  const combobox = page.getByRole("banner").getByRole("combobox", { name: "Search the site" });
  await field.or(combobox).first().click();
  await expect(combobox).toBeFocused();
  return combobox;
}

test.describe("site search", () => {
  test("type, see grouped suggestions with marked letters, choose one by keyboard, land on its page", async ({
    page,
    isPhone,
  }) => {
    await page.goto("/");
    const combobox = await openSearch(page, isPhone);
    await combobox.pressSequentially("heartbeats", { delay: 30 });
    const listbox = page.getByRole("listbox", { name: "Suggestions" });
    await expect(combobox).toHaveAttribute("aria-expanded", "true");
    const tracks = listbox.getByRole("group", { name: "Tracks" });
    await expect(tracks.getByRole("option").first()).toContainText("Heartbeats");
    await expect(tracks.getByRole("option").first().locator("mark")).toHaveText("Heartbeats");
    for (const group of await listbox.getByRole("group").all())
      expect(await group.getByRole("option").count()).toBeLessThanOrEqual(3);
    await expectAccessible(page);

    await combobox.press("ArrowDown");
    const first = listbox.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(combobox).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
    await combobox.press("Enter");
    await expect(page).toHaveURL(/\/playlist\/\d+#track-\d+$/);
    const row = page.locator(`tr${new URL(page.url()).hash}`);
    await expect(row).toContainText("Heartbeats");
    await expect(row).toBeInViewport();
  });

  test("Enter with nothing chosen opens the results page; Escape closes; recent searches come back", async ({
    page,
    isPhone,
  }) => {
    await page.goto("/genres");
    let combobox = await openSearch(page, isPhone);
    await combobox.fill("electr");
    await expect(page.getByRole("listbox").getByRole("option").first()).toBeVisible();
    await combobox.press("Escape");
    await expect(combobox).toHaveAttribute("aria-expanded", "false");
    await combobox.press("Enter");
    await expect(page).toHaveURL("/search?q=electr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “electr”");

    combobox = await openSearch(page, isPhone);
    await combobox.fill("");
    const recent = page.getByRole("listbox").getByRole("group", { name: "Recent searches" });
    await expect(recent.getByRole("option", { name: "electr" })).toBeVisible();
    await page.getByRole("button", { name: "Clear recent searches" }).click();
    await expect(page.getByRole("listbox").getByRole("option")).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("waveform-recent-searches"))).toBeNull();
  });

  test("'/' and Ctrl-K focus the search from anywhere on the page", async ({ page, isPhone }) => {
    test.skip(isPhone, "keyboard shortcuts are for keyboards");
    await page.goto("/charts");
    await page.keyboard.press("/");
    const combobox = page.getByRole("banner").getByRole("combobox", { name: "Search the site" });
    await expect(combobox).toBeFocused();
    await combobox.press("Escape");
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("Control+k");
    await expect(combobox).toBeFocused();
  });

  test("the results page: tabs with counts, one type's results, Load more in the address", async ({
    page,
    visit,
    isPhone,
  }) => {
    test.skip(isPhone, "the same at every width");
    await visit("/search?q=love");
    await expect(page).toHaveTitle("Search: love · Waveform Music Club");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const tabs = page.getByRole("navigation", { name: "Result types" });
    await expect(tabs.getByRole("link", { name: /^All \d+$/ })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: /^Tracks \d+$/ }).click();
    await expect(page).toHaveURL("/search?q=love&type=track");

    // 'm': 30 tracks with a title word starting with m (1–3 letters match title words only).
    await page.goto("/search?q=m&type=track");
    const results = page.getByRole("region", { name: "Tracks" }).getByRole("listitem");
    await expect(results).toHaveCount(20);
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page).toHaveURL("/search?q=m&type=track&pages=2");
    await expect(results).toHaveCount(30);
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("nothing found: says so, offers a close title, and links to the genres", async ({
    page,
    visit,
    isPhone,
  }) => {
    test.skip(isPhone, "the same at every width");
    await visit("/search?q=kendriklamarr");
    await expect(page.getByRole("heading", { name: "No results for “kendriklamarr”" })).toBeVisible();
    await page.getByRole("link", { name: "Kendrick Lamar" }).click();
    await expect(page).toHaveURL("/search?q=Kendrick+Lamar");
    await expect(
      page
        .getByRole("region", { name: /^Artists/ })
        .getByRole("link")
        .first(),
    ).toHaveText("Kendrick Lamar");
    await page.goto("/search?q=zzqxjj");
    await expect(page.getByRole("link", { name: "browse the genres" })).toHaveAttribute("href", "/genres");
  });

  test("a query holding markup is shown as text, never run", async ({ page, visit, isPhone }) => {
    test.skip(isPhone, "the same at every width");
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    const query = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    await visit(`/search?q=${encodeURIComponent(query)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Results for “${query}”`);
    await expect(page.locator("main img[src='x']")).toHaveCount(0);
    await expect(page).toHaveTitle(`Search: ${query} · Waveform Music Club`);
    expect(dialogs).toBe(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the header's form and the results page work as plain HTML", async ({ page, isPhone }) => {
      await page.goto("/");
      if (isPhone) {
        await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
        await expect(page).toHaveURL("/search");
        await page
          .getByRole("main")
          .getByRole("searchbox", { name: "Search the site" })
          .fill("jose gonzalez");
        await page.getByRole("main").getByRole("button", { name: "Search" }).click();
      } else {
        const field = page.getByRole("banner").getByRole("searchbox", { name: "Search the site" });
        await field.fill("jose gonzalez");
        await field.press("Enter");
      }
      await expect(page).toHaveURL("/search?q=jose+gonzalez");
      const artists = page.getByRole("region", { name: /^Artists/ });
      await expect(artists.getByRole("link").first()).toHaveText("José González");
      await expect(artists.locator("mark").first()).toHaveText("José");
      await page
        .getByRole("navigation", { name: "Result types" })
        .getByRole("link", { name: /^Tracks/ })
        .click();
      await expect(page).toHaveURL("/search?q=jose+gonzalez&type=track");
      await expect(page.getByRole("region", { name: "Tracks" })).toContainText("Heartbeats");
    });
  });
});
