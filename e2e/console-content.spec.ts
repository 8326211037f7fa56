import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { signInToConsole } from "./console-fixtures";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * The console's content journeys: advertisements, podcast feeds and subscribers. Both projects
 * (and several workers) share one console server and database, so every journey names what it makes
 * after its project and this run, and never counts what others may add.
 */
/** The activity table's cell that names what happened ("create", "end", "erase"…). */
const change = (page: Page, action: string) => page.getByRole("cell", { name: action, exact: true });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test("an admin schedules an advertisement that the home page shows at once, then ends it", async ({
  page,
  visit,
}, testInfo) => {
  const title = `Winter vinyl sale ${testInfo.project.name} ${run}`;
  await signInToConsole(page, "admin");
  await visit("/admin/ads");

  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page
    .getByRole("textbox", { name: "Description" })
    .fill("Twenty per cent off every record this week.");
  await page.getByRole("textbox", { name: "Button text" }).fill("Shop the sale");
  const address = page.getByRole("textbox", { name: "Button address" });
  await address.fill("javascript:alert(1)");
  // The highest weight wins the home page, so this one beats the seeded advertisement.
  await page.getByRole("spinbutton", { name: "Weight" }).fill("1000");
  const preview = page.getByRole("complementary", { name: "Sponsored (preview)" });
  await expect(preview.getByRole("heading", { name: title })).toBeVisible();
  await expect(preview.getByRole("link", { name: /Shop the sale/ })).toBeVisible();

  await page.getByRole("button", { name: "Schedule advertisement" }).click();
  await expect(page.getByText("The button address must start with http:// or https://")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
  await expectAccessible(page);

  await address.fill("https://shop.example.org/winter");
  await page.getByRole("button", { name: "Schedule advertisement" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Scheduled "${title}" (live).` })).toBeVisible();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(title) }) });
  await expect(row.getByText("Live")).toBeVisible();

  // Only this journey (console-desktop) makes a weight-1000 advertisement, so ours wins the home
  // page, at once: the write cleared the catalogue and page caches.
  const banner = page.getByRole("complementary", { name: "Sponsored" });
  await page.goto("/");
  await expect(banner.getByRole("heading", { name: title })).toBeVisible();
  await expect(banner.getByRole("link", { name: /Shop the sale/ })).toHaveAttribute(
    "href",
    "https://shop.example.org/winter",
  );

  await visit("/admin/ads");
  await row.getByRole("button", { name: `End now: ${title}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Ended "${title}".` })).toBeVisible();
  await expect(row.getByText("Ended")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);

  const { ads } = (await (await page.request.get("/api/admin/ads")).json()) as {
    ads: { id: number; title: string }[];
  };
  const id = ads.find((ad) => ad.title === title)?.id;
  await visit("/admin/activity?entity=advertisement");
  const entries = page.getByRole("row").filter({ hasText: new RegExp(`advertisement #${id}(?!\\d)`) });
  await expect(entries.filter({ has: change(page, "create") })).toHaveCount(1);
  await expect(entries.filter({ has: change(page, "end") })).toHaveCount(1);
});

/** A local feed server with one fixture feed under a title of this journey's own. */
async function serveFeed(title: string, port: number, path: string): Promise<Server> {
  const xml = readFileSync(
    join(
      process.cwd(),
      "server",
      "test-fixtures",
      "podcast-feeds",
      "music-album-som-podcast-medium-music.xml",
    ),
    "utf8",
  ).replaceAll("<title>S.O.M.</title>", `<title>${title}</title>`);
  const server = createServer((request, response) => {
    if (request.url === path) {
      response.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" }).end(xml);
    } else response.writeHead(404, "Not Found").end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return server;
}

test("an editor adds a podcast feed from a local server, refreshes and features it", async ({
  page,
  visit,
}, testInfo) => {
  const title = `Fixture Sessions ${testInfo.project.name} ${run}`;
  // Ports 3540–3549 are this suite's fixture servers; one per parallel worker.
  const port = 3540 + (testInfo.parallelIndex % 10);
  // The address is this journey's own: a feed is listed once, and the other project's journey may
  // later serve its feed on the same port.
  const feedPath = `/feed-${testInfo.project.name}-${run}.xml`;
  const server = await serveFeed(title, port, feedPath);
  try {
    await signInToConsole(page, "editor");
    await visit("/admin/podcasts");
    const field = page.getByRole("textbox", { name: "Feed address" });

    await field.fill("file:///etc/passwd");
    await page.getByRole("button", { name: "Add feed" }).click();
    await expect(
      page.getByText("Enter the feed's web address, starting with http:// or https://"),
    ).toBeVisible();

    const missing = `http://127.0.0.1:${port}/missing.xml`;
    await field.fill(missing);
    await page.getByRole("button", { name: "Add feed" }).click();
    await expect(page.getByText(/The feed could not be read/)).toBeVisible();
    await expect(field).toHaveValue(missing);
    await expectAccessible(page);

    await field.fill(`http://127.0.0.1:${port}${feedPath}`);
    await page.getByRole("button", { name: "Add feed" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Added "${title}" with 2 episodes.` }),
    ).toBeVisible();
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: new RegExp(title) }) });
    await expect(row.getByRole("cell", { name: "2", exact: true })).toBeVisible();

    await row.getByRole("button", { name: `Refresh now: ${title}` }).click();
    await expect(page.getByRole("status").filter({ hasText: title })).toContainText(/Read|not changed/);
    await row.getByRole("checkbox", { name: `Featured: ${title}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `"${title}" is featured` })).toBeVisible();
    await expectAccessible(page);

    // The site search finds the new show at once.
    await page.goto(`/search?q=${encodeURIComponent(run)}`);
    await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();

    const { podcasts } = (await (await page.request.get("/api/admin/podcasts")).json()) as {
      podcasts: { id: number; title: string }[];
    };
    const id = podcasts.find((podcast) => podcast.title === title)?.id;
    await visit("/admin/activity?entity=podcast");
    const entries = page.getByRole("row").filter({ hasText: new RegExp(`podcast #${id}(?!\\d)`) });
    for (const action of ["create", "refresh", "update"]) {
      await expect(entries.filter({ has: change(page, action) }).first()).toBeVisible();
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

test("an admin finds a subscriber, exports the list as CSV and removes them on request", async ({
  page,
  visit,
}, testInfo) => {
  const email = `reader-${testInfo.project.name}-${run}@example.org`;
  // As the site's own page posts it: a POST with neither Origin nor Sec-Fetch-Site is refused.
  const subscribed = await page.request.post("/api/newsletter/subscribe", {
    data: { email, agreeToTerms: true, sourcePage: "/" },
    headers: { origin: new URL(String(testInfo.project.use.baseURL)).origin },
  });
  expect(subscribed.ok()).toBe(true);
  await signInToConsole(page, "admin");
  await visit("/admin/subscribers");

  await page.getByRole("searchbox", { name: "Search by address" }).fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  const table = page.getByRole("table", { name: "Subscribers" });
  await expect(table.getByRole("rowheader", { name: email })).toBeVisible();
  await expect(page.getByText("Page 1 of 1 (1 found)")).toBeVisible();

  await page.getByRole("combobox", { name: "Subscribers to export" }).selectOption({ label: "Everyone" });
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^subscribers-all-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.split("\n")[0]).toBe("email,status,consent_at,consent_text_version,source_page,confirmed_at");
  expect(csv).toContain(`${email},pending,`);

  const found = (await (
    await page.request.get(`/api/admin/subscribers?q=${encodeURIComponent(email)}`)
  ).json()) as {
    subscribers: { id: number }[];
  };
  const id = found.subscribers[0]?.id;
  await table.getByRole("button", { name: `Remove ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this subscriber?" });
  await expect(dialog).toContainText(email);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Remove for good" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The subscriber was removed" })).toBeVisible();
  await expect(page.getByText(`No subscriber's address contains "${email}".`)).toBeVisible();

  // The export and the erasure are in the activity; the address is not, anywhere on the page.
  await visit("/admin/activity?entity=subscriber");
  const erased = page.getByRole("row").filter({ hasText: new RegExp(`subscriber #${id}(?!\\d)`) });
  await expect(erased.filter({ has: change(page, "erase") })).toHaveCount(1);
  expect(await page.content()).not.toContain(email);
  await visit("/admin/activity?entity=subscribers");
  const exports = page.getByRole("row").filter({ hasText: "subscribers #all" });
  await expect(exports.filter({ has: change(page, "export") }).first()).toBeVisible();
});
