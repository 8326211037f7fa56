import { FAKE_PUBLIC_PLAYLISTS } from "../server/src/test/fake-spotify/fake-public-playlists";
import { signInToConsole } from "./console-fixtures";
import { expect, expectAccessible, test } from "./fixtures";

const nightDrive = FAKE_PUBLIC_PLAYLISTS.nightDrive;

// At both widths: the rows are dragged into a new order in the phone layout too.
test(
  "a curator imports a Spotify playlist, reorders it, publishes it, and the site shows it at once",
  {
    tag: "@both-widths",
  },
  async ({ page, visit }, testInfo) => {
    // A long journey (sign-in, import, two moves, publish, three public pages, the activity page):
    // three times the usual budget.
    test.slow();
    // Both projects run on one console server: each makes a playlist of its own name.
    const title = `Night Drive (${testInfo.project.name})`;
    await signInToConsole(page, "editor");
    await visit("/admin/playlists");
    await expect(page.getByRole("table", { name: "Playlists, newest first" })).toBeVisible();

    await page.getByRole("link", { name: "New playlist" }).click();
    await expect(page.getByRole("heading", { name: "New playlist", level: 1 })).toBeVisible();
    const address = page.getByRole("textbox", { name: "Platform address" });
    await address.fill("https://example.com/not-a-playlist");
    await expect(page.getByText(/Paste a playlist address from Spotify/)).toBeVisible();
    await address.fill(`https://open.spotify.com/playlist/${nightDrive.id}?si=shared`);
    await expect(page.getByText(`Recognised: Spotify playlist ${nightDrive.id}`)).toBeVisible();
    await page.getByRole("button", { name: "Import from Spotify" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: 'Imported "Night Drive Classics" with 6 tracks.' }),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("Night Drive Classics");
    await expect(page.getByRole("textbox", { name: "Description" })).toHaveValue(/^Long roads & late radio/);
    await expectAccessible(page);

    // A save the schema refuses keeps what was typed and says why beside the field.
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await page.getByRole("button", { name: "Create draft" }).click();
    await expect(page.getByRole("combobox", { name: "Genre" })).toHaveAccessibleDescription("Choose a genre");
    await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
    await page.getByRole("combobox", { name: "Genre" }).selectOption({ label: "Jazz" });
    await page.getByRole("textbox", { name: "Curator" }).fill("E2E Curator");
    await page.getByRole("button", { name: "Create draft" }).click();

    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(`Draft "${title}" created.`)).toBeVisible();
    const id = /\/admin\/playlists\/(\d+)$/.exec(page.url())?.[1];
    expect(id).toBeTruthy();
    const trackList = page.getByRole("list").filter({ has: page.getByRole("button", { name: /^Move "/ }) });
    const tracks = trackList.getByRole("listitem");
    await expect(tracks).toHaveCount(6);
    // Each row's handle names its track: 'Move "<title>", position <n> of <count>'.
    const titleAt = async (index: number) =>
      /^Move "(.*)", position/.exec(
        (await tracks.nth(index).getByRole("button").first().getAttribute("aria-label")) ?? "",
      )?.[1] ?? "";
    const [first, second] = [await titleAt(0), await titleAt(1)];
    // A draft is nowhere on the public site.
    expect(
      (
        (await (await page.request.get("/api/playlists")).json()) as { playlists: { title: string }[] }
      ).playlists.map((p) => p.title),
    ).not.toContain(title);
    await expectAccessible(page);

    // Reorder the first two by keyboard: the handle takes the arrow keys, and the move is announced.
    await page.getByRole("button", { name: `Move "${first}", position 1 of 6` }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByText(`Moved "${first}" to position 2 of 6.`)).toBeVisible();
    await expect(page.getByRole("button", { name: `Move "${first}", position 2 of 6` })).toBeFocused();
    await expect(tracks.nth(0)).toContainText(second);
    // The move is saved (the list takes moves again once it is).
    await expect(trackList).toHaveAttribute("aria-busy", "false");
    // And by dragging with the pointer: the third track's handle dropped on the first row.
    const third = await titleAt(2);
    const handle = page.getByRole("button", { name: `Move "${third}", position 3 of 6` });
    const from = await handle.boundingBox();
    const to = await tracks.nth(0).boundingBox();
    if (!from || !to) throw new Error("the rows are not laid out");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByText(`Moved "${third}" to position 1 of 6.`)).toBeVisible();
    await expect(tracks.nth(0)).toContainText(third);
    await expect(trackList).toHaveAttribute("aria-busy", "false");

    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByText(`"${title}" is published: it is on the site now.`)).toBeVisible();

    // The public site has it at once (no cache left serving the old list), in the new order.
    await visit("/playlists");
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await visit(`/playlist/${id}`);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(third).first()).toBeVisible();

    // The activity page lists the changes.
    await visit("/admin/activity");
    for (const action of ["create", "reorder-tracks", "publish"]) {
      await expect(
        page
          .getByRole("row")
          .filter({ hasText: `playlist #${id}` })
          .filter({ hasText: action })
          .first(),
      ).toBeVisible();
    }
  },
);

test("the list searches on the server and pages, and delete asks first", async ({ page, visit }) => {
  await signInToConsole(page, "editor");
  await visit("/admin/playlists");
  const rows = page.getByRole("table", { name: "Playlists, newest first" }).getByRole("row");
  await expect(rows).toHaveCount(21);
  await expect(page.getByText(/^1–20 of \d+ · page 1 of \d+$/)).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(/^21–\d+ of \d+ · page 2 of \d+$/)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search by title, curator or genre" }).fill("circuits");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("Late Night Circuits");
  await expectAccessible(page);

  await rows.nth(1).getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Late Night Circuits", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: 'Delete "Late Night Circuits"?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Late Night Circuits", level: 1 })).toBeVisible();
});
