import type { Page } from "@playwright/test";
import { signInToConsole } from "./console-fixtures";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * The console's catalogue journey: releases and genres. Both projects (and several workers) share
 * one console server and database, so each project edits a genre of its own and names what it makes
 * after its project and this run.
 */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The activity table's rows about one thing ("release #12"), and the change named in one of them. */
const entry = (page: Page, what: string, action: string) =>
  page
    .getByRole("row")
    .filter({ hasText: new RegExp(`${what}(?!\\d)`) })
    .filter({ has: page.getByRole("cell", { name: action, exact: true }) });

test("an editor adds a release and edits a genre, and the public pages show both at once", async ({
  page,
  visit,
}, testInfo) => {
  // Two sections, the public pages and the activity, with axe on each: three times the usual budget.
  test.slow();
  const phone = testInfo.project.name.endsWith("phone");
  const tag = `${phone ? "P" : "D"}${run}`;
  const title = `Harbour Lights ${tag}`;
  const genreName = phone ? "Classical" : "Country";
  const description = `Editors' pick ${tag}: long evenings and open windows.`;
  const subgenre = `Porch Folk ${tag}`;
  const renamed = `Porch Soul ${tag}`;
  await signInToConsole(page, "editor");

  // Releases: a save the schema refuses keeps what was typed and says why beside the field.
  await visit("/admin/releases");
  await expect(page.getByRole("table", { name: "Releases, newest first" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("textbox", { name: "Artist" }).fill("Mara Lind");
  await page.getByLabel("Release date").fill(new Date().toISOString().slice(0, 10));
  await page.getByRole("spinbutton", { name: "Tracks" }).fill("9");
  const address = page.getByRole("textbox", { name: "Platform address" });
  await address.fill("ftp://example.org/album");
  await page.getByRole("button", { name: "Add release" }).click();
  await expect(address).toHaveAccessibleDescription(/must start with https:\/\/ or http:\/\//);
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
  await expectAccessible(page);
  await address.fill("https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy");
  const created = page.waitForResponse(
    (answer) => answer.request().method() === "POST" && answer.url().endsWith("/api/admin/releases"),
  );
  await page.getByRole("button", { name: "Add release" }).click();
  const releaseId = ((await (await created).json()) as { id: number }).id;
  await expect(page.getByRole("status").filter({ hasText: `Added "${title}" by Mara Lind` })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search by title or artist" }).fill(tag);
  const rows = page.getByRole("table", { name: "Releases, newest first" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(title);

  // The public page has it at once (no cached list left serving the old one).
  await visit("/new-releases");
  await expect(page.getByText(title).first()).toBeVisible();

  // Genres: the description, and a subgenre added then renamed.
  await visit("/admin/genres");
  await expect(page.getByRole("table", { name: "Genres, in the site's order" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: genreName, exact: true }).click();
  await expect(page.getByRole("heading", { name: genreName, level: 1 })).toBeVisible();
  const genreId = /\/admin\/genres\/(\d+)$/.exec(page.url())?.[1];
  expect(genreId).toBeTruthy();
  await expectAccessible(page);
  await page.getByRole("textbox", { name: "Description" }).fill(description);
  await page.getByRole("button", { name: "Save genre" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Saved "${genreName}"` })).toBeVisible();

  await page.getByRole("textbox", { name: "New subgenre's name" }).fill(subgenre);
  await page.getByRole("spinbutton", { name: "New subgenre's popularity (0–10)" }).fill("11");
  await page.getByRole("button", { name: "Add subgenre" }).click();
  await expect(page.getByText("Enter a popularity from 0 to 10")).toBeVisible();
  await page.getByRole("spinbutton", { name: "New subgenre's popularity (0–10)" }).fill("6");
  await page.getByRole("button", { name: "Add subgenre" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Added subgenre "${subgenre}".` })).toBeVisible();
  await page.getByRole("textbox", { name: `Name of ${subgenre}` }).fill(renamed);
  await page.getByRole("button", { name: `Save: ${subgenre}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `Saved subgenre "${renamed}".` })).toBeVisible();
  await expect(page.getByRole("textbox", { name: `Name of ${renamed}` })).toHaveValue(renamed);
  await expectAccessible(page);

  // The public genre explorer shows the new description and the renamed subgenre.
  await visit("/genres");
  await page.getByRole("button", { name: genreName, exact: true }).click();
  const selection = page.getByRole("region", { name: genreName });
  await expect(selection.getByText(description)).toBeVisible();
  await expect(selection.getByText(renamed, { exact: true })).toBeVisible();
  await expect(selection.getByText(subgenre, { exact: true })).toHaveCount(0);

  // The activity page lists the changes.
  await visit("/admin/activity?entity=genre");
  await expect(entry(page, `genre #${genreId}`, "update").first()).toBeVisible();
  await expect(entry(page, `genre #${genreId}`, "rename-subgenre").first()).toBeVisible();
  await visit("/admin/activity?entity=release");
  await expect(entry(page, `release #${releaseId}`, "create")).toBeVisible();
  await expectAccessible(page);
});
