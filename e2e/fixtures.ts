import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { RENDER_MODE_HEADER } from "@waveform/contracts/page-render";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/**
 * The rules among those tags whose verdict reads colours: text contrast, and links told apart from
 * the text around them. A theme changes colours only, so a screen already scanned in one theme needs
 * only these in the other (see expectAccessible's `colours`).
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * What axe found on each page state scanned in this run, by screenState: in this worker's memory,
 * and in a folder of this run (playwright.config.ts sets E2E_RUN_ID) that every worker reads, since
 * journeys in different workers often open the same screen in the same state.
 */
const scannedStates = new Map<string, string[]>();
const verdictsFolder = join(
  import.meta.dirname,
  ".tmp",
  "axe-verdicts",
  process.env.E2E_RUN_ID ?? `pid-${process.pid}`,
);

function recalledVerdict(key: string): string[] | undefined {
  const known = scannedStates.get(key);
  if (known) return known;
  const file = join(verdictsFolder, `${key}.json`);
  if (!existsSync(file)) return undefined;
  const verdict = JSON.parse(readFileSync(file, "utf8")) as string[];
  scannedStates.set(key, verdict);
  return verdict;
}

function rememberVerdict(key: string, verdict: string[]): void {
  scannedStates.set(key, verdict);
  mkdirSync(verdictsFolder, { recursive: true });
  // Written beside it, then renamed: another worker never reads half a file.
  const partial = join(verdictsFolder, `${key}.${process.pid}.partial`);
  writeFileSync(partial, JSON.stringify(verdict));
  renameSync(partial, join(verdictsFolder, `${key}.json`));
}

/**
 * Everything axe's verdict depends on besides the (one) stylesheet build: the markup, form values,
 * focus and hover, viewport, emulated media and loaded fonts. Pages with frames are not remembered.
 */
async function screenState(page: Page): Promise<string | undefined> {
  if (page.frames().length !== 1) return undefined;
  const state = await page.evaluate(() => {
    const path = (element: Element | null | undefined): number[] =>
      element?.parentElement
        ? [...path(element.parentElement), [...element.parentElement.children].indexOf(element)]
        : [];
    const hovered = [...document.querySelectorAll(":hover")].pop();
    const media = [
      "prefers-color-scheme: dark",
      "prefers-reduced-motion: reduce",
      "forced-colors: active",
      "prefers-contrast: more",
    ];
    return JSON.stringify([
      innerWidth,
      innerHeight,
      media.map((query) => matchMedia(`(${query})`).matches),
      [...document.querySelectorAll<HTMLInputElement>("input, textarea, select")].map((field) => [
        field.value,
        field.checked,
      ]),
      path(document.activeElement),
      path(hovered),
      document.fonts.status,
      document.documentElement.outerHTML,
    ]);
  });
  return createHash("sha256").update(state).digest("hex");
}

/**
 * Fails with a readable list when axe finds WCAG 2.2 AA violations on the page as it is now, once
 * any CSS transition (a theme switch, a hover) has finished so colours are read at rest.
 *
 * Cheaper than AxeBuilder's defaults, same rules: only violations come back (not every passing
 * node), and a page without frames is scanned in one `axe.run` (legacy mode) instead of
 * `runPartial` plus a `finishRun` in a second, blank page opened for every scan. A page with
 * frames keeps the default so cross-origin frames are still scanned. A page state scanned already in
 * this run (journeys often open the same screen) gets the same verdict without a new scan.
 */
export async function expectAccessible(
  page: Page,
  options: {
    /**
     * "colours": the page was scanned in full a moment ago in the other theme, and only the theme
     * has changed since (the markup, the width and the state are the same; the theme buttons say
     * which is pressed). A theme changes colours only, so only the rules that read colours run.
     */
    only?: "colours";
  } = {},
): Promise<void> {
  // Bounded: something that keeps moving (a playing episode's progress bar) is scanned as it is.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"),
      null,
      { timeout: 3_000 },
    )
    .catch(() => {});
  const state = await screenState(page);
  // A full scan's verdict answers for the colour rules too.
  const key = state === undefined ? undefined : `${options.only ?? "all"}-${state}`;
  let summary = key === undefined ? undefined : (recalledVerdict(key) ?? recalledVerdict(`all-${state}`));
  if (!summary) {
    // options() replaces the whole option object, so it goes before withTags/withRules (runOnly).
    const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
    if (options.only === "colours") builder.withRules(COLOUR_RULES);
    else builder.withTags(WCAG_TAGS);
    if (page.frames().length === 1) builder.setLegacyMode();
    const { violations } = await builder.analyze();
    summary = violations.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
    if (key !== undefined) rememberVerdict(key, summary);
  }
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** The project whose pages run on a CPU slowed like Lighthouse's phone (playwright.config.ts). */
export const SLOW_CPU_PROJECT = "slow-cpu";
const SLOW_CPU_RATE = 4;

export const test = base.extend<{
  /** Opens a path, waits for its main heading, and checks it with axe. */
  visit: (path: string) => Promise<void>;
  isPhone: boolean;
}>({
  // A journey acts as a visitor does: the moment a control is visible, never waiting for the page's
  // code to take over (a tap before it is held and replayed: client/src/lib/early-events.ts).
  page: async ({ page }, use, testInfo) => {
    if (testInfo.project.name === SLOW_CPU_PROJECT) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_CPU_RATE });
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
 * Tags for journeys that run at one width only (playwright.config.ts leaves them out of the other
 * project by grepInvert). A tag rather than a skip inside the journey: a skipped journey still costs
 * its worker a browser page and a turn (44 s of the whole run went to 123 such skips).
 */
export const DESKTOP_ONLY = { tag: "@desktop-only" };
export const PHONE_ONLY = { tag: "@phone-only" };

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

/**
 * Records what the page writes with navigator.clipboard.writeText (the write still happens).
 * The site's Permissions-Policy allows clipboard-write only, so a test cannot read the clipboard
 * back: it reads this record instead (`copiedText`). Call before the page is opened.
 */
export async function recordClipboard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const clipboard = navigator.clipboard;
    const write = clipboard.writeText.bind(clipboard);
    clipboard.writeText = async (text: string) => {
      (window as { copiedText?: string }).copiedText = text;
      return write(text);
    };
  });
}

/** The last text the page wrote to the clipboard (see recordClipboard). */
export function copiedText(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as { copiedText?: string }).copiedText);
}
