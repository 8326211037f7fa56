import type { APIRequestContext, Page } from "@playwright/test";
import type { InsightsReport } from "@waveform/contracts/insights";
import { projectKind, signInToConsole } from "./console-fixtures";
import { expect, expectAccessible, test } from "./fixtures";
import { serveTone } from "./serve-tone";

/**
 * Insights (issue 33), on the console server: visitors browse, search and play; the music hub shows
 * what trends; an editor sees the counts and the plots on /admin/insights. Both projects share the
 * server, so the journey names its search after its project and this run, and counts at least what
 * it sent, never exactly (other journeys browse the same server).
 */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * A desktop Chrome's User-Agent, set on purpose: headless Chromium's own says "HeadlessChrome", a
 * bot to isbot, whose visits are never counted. `n` makes each visitor a different one.
 */
const desktopChrome = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.${n}.0 Safari/537.36`;

const SHOW = "/podcasts/green-room-sessions";
const EPISODE = "Lena Marsh on Life as a Touring Cellist";
const PLAYLIST = "Late Night Circuits";

async function report(request: APIRequestContext): Promise<InsightsReport> {
  const answer = await request.get("/api/admin/insights?days=7");
  expect(answer.status()).toBe(200);
  return (await answer.json()) as InsightsReport;
}

/** Waits until the beacon carrying `text` has left the page (sendBeacon, on an idle moment). */
const beaconWith = (page: Page, text: string) =>
  page.waitForRequest(
    (request) => request.url().endsWith("/api/insights/events") && (request.postData() ?? "").includes(text),
    { timeout: 20_000 },
  );

test(
  "visitors browse, search and play; the music hub shows what trends; an editor reads it all on /admin/insights",
  { tag: "@both-widths" },
  async ({ browser, page, playwright }, testInfo) => {
    const base = testInfo.project.use.baseURL;
    const term = `qqzx ${projectKind()} ${run}`;

    // Ten visitors open a playlist (counted by the server as it serves the page): enough for a trend.
    await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const visitor = await playwright.request.newContext({
          baseURL: base,
          userAgent: desktopChrome(index),
        });
        expect((await visitor.get("/playlist/1")).status()).toBe(200);
        await visitor.dispose();
      }),
    );

    // A visitor in the browser: a show's page, an episode's page reached by a link, a play, a search that finds nothing.
    const visitorContext = await browser.newContext({
      baseURL: base,
      userAgent: desktopChrome(99),
      viewport: page.viewportSize(),
    });
    const visitor = await visitorContext.newPage();
    await visitor.route("**/*.mp3", serveTone);
    await visitor.goto(SHOW);
    // Counted by the beacon when the page's code has taken over, else by the server as it serves it.
    await visitor.getByRole("link", { name: EPISODE }).first().click();
    await expect(visitor.getByRole("heading", { name: EPISODE, level: 1 })).toBeVisible();
    const started = beaconWith(visitor, '"stage":"start"');
    await visitor
      .getByRole("button", { name: `Play ${EPISODE}` })
      .first()
      .click();
    await started;
    const searched = beaconWith(visitor, term);
    await visitor.goto(`/search?q=${encodeURIComponent(term)}`);
    await expect(visitor.getByRole("heading", { name: `No results for “${term}”` })).toBeVisible();
    await searched;

    // The editor's report has it once the server has written its counts (every 200 ms here).
    await signInToConsole(page, "editor");
    await expect
      .poll(async () => {
        const now = await report(page.request);
        return {
          search: now.emptySearches.some((row) => row.term === term),
          episodePage: now.topPages.some((row) => row.path === `${SHOW}/1` && row.views > 0),
          played: now.playThrough.some((row) => row.title === EPISODE && row.started > 0),
          playlist: (now.topPlaylists.find((row) => row.title === PLAYLIST)?.visitors ?? 0) >= 10,
        };
      })
      .toEqual({ search: true, episodePage: true, played: true, playlist: true });

    // The music hub shows the week's trend, the playlist among it.
    await visitor.goto("/working-home");
    const trending = visitor.getByRole("region", { name: "Trending in the club this week" });
    await expect(trending.getByRole("link", { name: new RegExp(PLAYLIST) })).toHaveAttribute(
      "href",
      "/playlist/1",
    );
    await expectAccessible(visitor);
    await visitorContext.close();

    await page.goto("/admin/insights");
    await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");
    // The plot: drawn, and named by its one-sentence summary.
    const daily = page.getByRole("figure", { name: "Visitors and page views per day" });
    await expect(
      daily.getByRole("img", { name: /page views and \d+ visitors .* in the last 7 days/ }),
    ).toBeVisible();
    await expect(daily.locator("svg .ct-line").first()).toBeVisible();
    // Its numbers as a table: today's row has the page views.
    await daily.getByText("Show the numbers as a table").click();
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = daily.getByRole("row").filter({ hasText: todayLabel(today) });
    await expect(todayRow.getByRole("cell").first()).not.toHaveText("0");
    await expect(page.getByRole("img", { name: /^Episode downloads per app: / })).toBeVisible();
    // What curators act on: the search that found nothing, linking to the site's search.
    await expect(page.getByRole("link", { name: term })).toHaveAttribute(
      "href",
      `/search?q=${encodeURIComponent(term)}`,
    );
    const played = page
      .getByRole("table", { name: "Play-through in the site's player" })
      .getByRole("row", { name: new RegExp(EPISODE) });
    await expect(played).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Top playlists" }).getByRole("row", { name: new RegExp(PLAYLIST) }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      "/api/admin/insights.csv?days=7",
    );
    await expectAccessible(page);

    await page.getByRole("link", { name: "30 days" }).click();
    await expect(page).toHaveURL(/\?days=30$/);
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      "/api/admin/insights.csv?days=30",
    );
    await expect(page.getByRole("figure", { name: "Visitors and page views per day" })).toContainText(
      "in the last 30 days",
    );
  },
);

/** "Nov 27, 2026": how the table writes a day. */
function todayLabel(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  const month = date.toLocaleString("en-US", { month: "short", timeZone: "UTC" });
  return `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
