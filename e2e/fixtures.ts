import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Fails with a readable list when axe finds WCAG 2.2 AA violations on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(", ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

export const test = base.extend<{
  /** Opens a path, waits for its main heading, and checks it with axe. */
  visit: (path: string) => Promise<void>;
  isPhone: boolean;
}>({
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

/** Answers matching API calls with a status and body (a failure, or an empty catalogue). */
export async function stubApi(page: Page, path: string, status: number, body?: unknown): Promise<void> {
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
