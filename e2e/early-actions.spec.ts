import type { Page } from "@playwright/test";
import { E2E_CONSOLE_PASSWORD, ensurePassword } from "./console-fixtures";
import { test as base, expect, expectAccessible } from "./fixtures";

/**
 * A visitor's first taps (issue 36): each journey opens a page and acts the moment the control is
 * visible, without waiting for anything else (not the load event, not the page's code), then checks
 * that the action took effect. The page's scripts arrive only once the visitor has acted (a slow
 * connection: `holdCode`), so every action lands before the code, whatever this machine's speed;
 * in the `slow-cpu` project the CPU runs 4× slower (Lighthouse's phone), so the code then takes
 * seconds more to take over. A tap the page loses fails the journey. Every page's controls are
 * server-rendered; what is done before the code runs is held by the page's early-events script and
 * replayed once it has (client/src/lib/early-events.ts).
 */
const open = (page: Page, path: string) => page.goto(path, { waitUntil: "commit" });

/** Holds the page's scripts (not its inline ones) until `arrive()`: the visitor acts first. */
async function holdCode(page: Page): Promise<{ arrive: () => void }> {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    await arrived;
    await route.continue();
  });
  return { arrive };
}

/** `acted()`: the visitor has done everything, and the page's code may arrive now. */
const test = base.extend<{ acted: () => void }>({
  acted: async ({ page }, use) => {
    const code = await holdCode(page);
    await use(code.arrive);
    code.arrive();
  },
});

test("a tab: the second artist on /artist-spotlight", async ({ page, acted }) => {
  await open(page, "/artist-spotlight");
  const second = page.getByRole("tab").nth(1);
  await second.click();
  acted();
  await expect(second).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toBeVisible();
});

test("the artist tabs answer before the page's code, by pointer and by keyboard, and are React's once it has run", async ({
  page,
  acted,
}) => {
  await open(page, "/artist-spotlight");
  const tabs = page.getByRole("tablist", { name: "Artists" });
  const panel = page.getByRole("tabpanel");
  // Every artist's panel came with the page: the tab shows it itself, the scripts not arrived yet.
  await tabs.getByRole("tab", { name: "Kairo Blaze" }).click();
  await expect(tabs.getByRole("tab", { name: "Kairo Blaze" })).toHaveAttribute("aria-selected", "true");
  await expect(panel).toHaveCount(1);
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Kairo Blaze");
  await page.keyboard.press("ArrowRight");
  await expect(tabs.getByRole("tab", { name: "The Midnight Owls" })).toBeFocused();
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText("The Midnight Owls");
  await expect(tabs.getByRole("tab", { name: "Kairo Blaze" })).toHaveAttribute("aria-selected", "false");
  await expectAccessible(page);
  acted();
  // Once the code has run, the same tabs are React's: the choice stands, and they still switch.
  await expect(page.locator("html")).toHaveAttribute("data-app", "ready");
  await expect(tabs.getByRole("tab", { name: "The Midnight Owls" })).toHaveAttribute("aria-selected", "true");
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText("The Midnight Owls");
  await tabs.getByRole("tab", { name: "Luna Vale" }).click();
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText("Luna Vale");
  await expect(tabs.getByRole("tab", { name: "The Midnight Owls" })).toHaveAttribute(
    "aria-selected",
    "false",
  );
  await expect(page.getByRole("img", { name: "Photo of Luna Vale" })).toBeVisible();
});

test("a tab by keyboard: 'Top Artists' on /genre/electronic, before the page's code", async ({
  page,
  acted,
}) => {
  await open(page, "/genre/electronic");
  const tab = page.getByRole("tab", { name: "Top Artists" });
  await tab.click();
  await page.keyboard.press("ArrowRight");
  // The genre's tabs switch before the page's code has arrived (their panels came with the page).
  await expect(page.getByRole("tab", { name: "Top Tracks" })).toHaveAttribute("aria-selected", "true");
  await expect(tab).toHaveAttribute("aria-selected", "false");
  await expect(page.getByRole("tabpanel")).toContainText("Top tracks for this genre are on their way.");
  acted();
  await expect(page.locator("html")).toHaveAttribute("data-app", "ready");
  await expect(page.getByRole("tab", { name: "Top Tracks" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Playlists" }).click();
  await expect(page.getByRole("tabpanel").getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("tab", { name: "Top Tracks" })).toHaveAttribute("aria-selected", "false");
});

test("a page's search: typing in the search box of /playlists filters the list", async ({ page, acted }) => {
  await open(page, "/playlists");
  const search = page.getByRole("searchbox", { name: "Search playlists" });
  await search.pressSequentially("jazz");
  await search.press("Enter");
  acted();
  await expect(search).toHaveValue("jazz");
  await expect(page).toHaveURL("/playlists?q=jazz");
  await expect(page.getByRole("article")).toHaveCount(3);
});

test("the header search: typed and sent with Enter", async ({ page, acted }) => {
  await open(page, "/genres");
  const field = page.getByRole("banner").getByRole("searchbox", { name: "Search the site" });
  const combobox = page.getByRole("banner").getByRole("combobox", { name: "Search the site" });
  await field.or(combobox).first().pressSequentially("heartbeats");
  await page.keyboard.press("Enter");
  acted();
  await expect(page).toHaveURL("/search?q=heartbeats");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “heartbeats”");
});

test("a filter chip: a podcast category on /podcasts", async ({ page, acted }) => {
  await open(page, "/podcasts");
  const chip = page.getByRole("button", { name: /^Music History/ });
  await chip.click();
  acted();
  await expect(chip).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("tabpanel").getByRole("article").getByRole("heading")).toHaveText([
    "Loop Theory",
    "Pressing Matters",
  ]);
});

test("sort, then the list view, on /merchandise", async ({ page, acted }) => {
  await open(page, "/merchandise");
  const listing = page.getByRole("region", { name: "All Products" });
  await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Price: Low to High" });
  const list = page.getByRole("button", { name: "List view" });
  await list.click();
  acted();
  await expect(listing.getByRole("article").first()).toContainText("$14.99");
  await expect(list).toHaveAttribute("aria-pressed", "true");
});

test("the cart on /merchandise opens its dialog", async ({ page, acted }) => {
  await open(page, "/merchandise");
  await page.getByRole("button", { name: /^Cart/ }).click();
  acted();
  await expect(page.getByRole("dialog", { name: "Your Cart" })).toBeVisible();
});

test("the cart answers before the page's code: opened, closed with Escape, opened and closed again", async ({
  page,
  acted,
}) => {
  await open(page, "/merchandise");
  const cartButton = page.getByRole("button", { name: /^Cart/ });
  const cart = page.getByRole("dialog", { name: "Your Cart" });
  // The browser opens it itself (invoker commands): the page's scripts have not arrived yet.
  await cartButton.click();
  await expect(cart).toBeVisible();
  await expect(cart).toContainText("Your cart is empty.");
  await expect(cart.getByRole("heading", { name: "Your Cart" })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(cart).toBeHidden();
  await expect(cartButton).toBeFocused();
  await cartButton.press("Enter");
  await expect(cart).toBeVisible();
  await cart.getByRole("button", { name: "Close" }).click();
  await expect(cart).toBeHidden();
  acted();
  // Once the code has run, the same dialog is React's: it still opens from the same button.
  await expect(page.locator("html")).toHaveAttribute("data-app", "ready");
  await cartButton.click();
  await expect(cart).toBeVisible();
});

test("a product's dialog on /merchandise", async ({ page, acted }) => {
  await open(page, "/merchandise");
  await page
    .getByRole("region", { name: "All Products" })
    .getByRole("button", { name: "Quick View Waveform Club Tee" })
    .click();
  acted();
  await expect(page.getByRole("dialog", { name: "Waveform Club Tee" })).toBeVisible();
});

test("the theme: 'Light theme' on /", async ({ page, acted }) => {
  await open(page, "/");
  const light = page.getByRole("button", { name: "Light theme" });
  await light.click();
  acted();
  await expect(light).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
});

test("the theme answers before the page's code, and is the same choice once the code has run", async ({
  page,
  acted,
}) => {
  await open(page, "/");
  const html = page.locator("html");
  const light = page.getByRole("button", { name: "Light theme" });
  const dark = page.getByRole("button", { name: "Dark theme" });
  // The page's inline theme script answers: the scripts have not arrived yet.
  await light.click();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(light).toHaveAttribute("aria-pressed", "true");
  await expect(dark).toHaveAttribute("aria-pressed", "false");
  await expectAccessible(page);
  acted();
  await expect(html).toHaveAttribute("data-app", "ready");
  await expect(light).toHaveAttribute("aria-pressed", "true");
  await expect(html).toHaveClass(/\blight\b/);
  // React's now: the toggle still switches, and a new visit opens in the chosen theme.
  await dark.click();
  await expect(dark).toHaveAttribute("aria-pressed", "true");
  await expect(html).toHaveClass(/\bdark\b/);
  await light.click();
  await page.reload();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(light).toHaveAttribute("aria-pressed", "true");
});

test("the newsletter: filled in and sent at once on /", async ({ page, acted }) => {
  await open(page, "/");
  const form = page.getByRole("region", { name: "Get the Newsletter" });
  await form.getByRole("textbox", { name: "Email address" }).fill("early-bird@example.com");
  await form.getByRole("checkbox", { name: "I agree to receive email updates and promotions" }).click();
  await form.getByRole("button", { name: "Subscribe" }).click();
  acted();
  await expect(page.getByText("Subscription successful!")).toBeVisible();
  await expect(page).toHaveURL("/");
});

test("a partner's link on /streaming-partners: opened and logged, once, before the code", async ({
  page,
  acted,
}) => {
  const lines: string[] = [];
  page.on("console", (message) => {
    if (message.text().startsWith("Affiliate link clicked")) lines.push(message.text());
  });
  await open(page, "/streaming-partners");
  // A tab of its own in the background (the link's target is a new tab either way).
  await page.getByRole("link", { name: /Try Spotify Premium/ }).click({ modifiers: ["ControlOrMeta"] });
  await expect
    .poll(() => lines)
    .toEqual([expect.stringMatching(/^Affiliate link clicked: Spotify Premium → https:/)]);
  acted();
  await expect(page.locator("html")).toHaveAttribute("data-app", "ready");
  // The page's code took over: the click was not logged a second time.
  await page.waitForTimeout(200);
  expect(lines).toHaveLength(1);
});

test("a podcast episode: 'Play' in Latest Episodes on /podcasts", async ({ page, acted }) => {
  await open(page, "/podcasts");
  const play = page
    .getByRole("region", { name: "Latest Episodes" })
    .getByRole("button", { name: /^Play (?!next: |last: )/ })
    .first();
  await play.click();
  acted();
  await expect(page.getByRole("region", { name: "Audio player" })).toBeVisible();
});

test.describe("at phone width", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });
  test("the compact menu opens and a link in it goes to its page", async ({ page, acted }) => {
    await open(page, "/");
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Genres" }).click();
    acted();
    await expect(page).toHaveURL("/genres");
  });

  test("the header's 'Search' opens the search field, which takes what is typed", async ({ page, acted }) => {
    await open(page, "/");
    await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
    acted();
    const field = page.getByRole("banner").getByRole("searchbox", { name: "Search the site" });
    const combobox = page.getByRole("banner").getByRole("combobox", { name: "Search the site" });
    await field.or(combobox).first().pressSequentially("heartbeats");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/search?q=heartbeats");
  });
});

test.describe("the console", () => {
  test.use({ baseURL: process.env.E2E_CONSOLE_URL });
  test("sign-in: email, password and 'Sign in' the moment they show", async ({ page, acted }) => {
    const email = "editor-desktop@e2e.test";
    // Set up in a page of its own: this one's scripts wait for the visitor.
    const setUp = await page.context().newPage();
    await ensurePassword(setUp, email);
    await setUp.close();
    await page.context().clearCookies();
    await open(page, "/admin/sign-in");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_CONSOLE_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    acted();
    await expect(page.getByRole("heading", { name: "Console", level: 1 })).toBeVisible();
    // Never sent natively: no password in the address.
    expect(page.url()).not.toContain("password");
  });
});
