import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { RENDER_MODE_HEADER } from "@waveform/contracts/page-render";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Fails with a readable list when axe finds WCAG 2.2 AA violations on the page as it is now, once
 * any CSS transition (a theme switch, a hover) has finished so colours are read at rest.
 *
 * Cheaper than AxeBuilder's defaults, same rules: only violations come back (not every passing
 * node), and a page without frames is scanned in one `axe.run` (legacy mode) instead of
 * `runPartial` plus a `finishRun` in a second, blank page opened for every scan. A page with
 * frames keeps the default so cross-origin frames are still scanned.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"),
  );
  // options() replaces the whole option object, so it goes before withTags (which adds runOnly).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).withTags(WCAG_TAGS);
  if (page.frames().length === 1) builder.setLegacyMode();
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Waits until the app has taken over the page (hydrated, or rendered the shell): a server-rendered
 * button is visible before its code has loaded, and a journey should click it as a visitor would,
 * once it works. Gives up quietly after a while (a journey that blocks the app's code on purpose).
 */
async function appReady(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.documentElement.dataset.app === "ready", null, { timeout: 10_000 })
    .catch(() => {});
}

export const test = base.extend<{
  /** Opens a path, waits for its main heading, and checks it with axe. */
  visit: (path: string) => Promise<void>;
  isPhone: boolean;
}>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (response?.headers()["content-type"]?.startsWith("text/html")) await appReady(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (response?.headers()["content-type"]?.startsWith("text/html")) await appReady(page);
        return response;
      };
    }
    await use(page);
  },
  visit: async ({ page }, use) => {
    await use(async (path) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectAccessible(page);
    });
  },
  isPhone: async ({ viewport }, use) => {
    await use((viewport?.width ?? 1280) < 768);
  },
});

export { expect };

/**
 * Pages arrive server-rendered with their data; a journey that intercepts the browser's API calls
 * asks for the bare shell instead, so the screen fetches (and meets the stub) itself.
 */
export async function renderInBrowser(page: Page): Promise<void> {
  await page.setExtraHTTPHeaders({ [RENDER_MODE_HEADER]: "client" });
}

/** Answers matching API calls with a status and body (a failure, or an empty catalogue). */
export async function stubApi(page: Page, path: string, status: number, body?: unknown): Promise<void> {
  await renderInBrowser(page);
  await page.route(`**${path}`, (route) =>
    route.fulfill({
      status,
      contentType: "application/json",
      body: body === undefined ? "" : JSON.stringify(body),
    }),
  );
}

/** Holds matching API calls until the returned function is called, to see loading states. */
export async function holdApi(page: Page, path: string): Promise<() => void> {
  await renderInBrowser(page);
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
