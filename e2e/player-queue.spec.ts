import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { serveShortTone, serveTone } from "./serve-tone";

// Three episodes of the club's own show, newest first on its page; each has JSON chapters.
const SHOW = "/podcasts/bedroom-to-master";
const FIRST = "How the 808 Changed Pop"; // ep64: served as a 2 s tone, so it ends at once
const SECOND = "Sidechain Compression Without the Cliché"; // ep63
const THIRD = "Vocal Comping: One Take from Twenty"; // ep62: chapters at 0, 3.548, 10.617, 15.666

const audio = (page: Page) =>
  page.evaluate(() => {
    const element = document.querySelector("audio");
    return {
      src: element?.currentSrc ?? "",
      paused: element?.paused ?? true,
      time: element?.currentTime ?? 0,
    };
  });

const session = (page: Page) =>
  page.evaluate(() => {
    const metadata = navigator.mediaSession.metadata;
    return { title: metadata?.title, album: metadata?.album, artwork: metadata?.artwork[0]?.src ?? "" };
  });

test.describe("Up next, chapters and the sleep timer", () => {
  test.beforeEach(async ({ page }) => {
    await page.route("**/*.mp3", serveTone);
    await page.route("**/ep64-*.mp3", serveShortTone);
  });

  test("queue from the show page, reorder by drag and keyboard, the next starts when one ends; chapters; sleep at the end; kept on reload", async ({
    page,
    visit,
  }) => {
    await visit(SHOW);
    const player = page.getByRole("region", { name: "Audio player" });

    // With nothing in the player, the first goes into it, ready to play; the others wait in Up next.
    await page.getByRole("button", { name: `Play last: ${FIRST}` }).click();
    await expect(player.getByRole("link", { name: FIRST })).toBeVisible();
    await expect(player.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    await page.getByRole("button", { name: `Play last: ${THIRD}` }).click();
    await expect(player.getByRole("button", { name: "Up next, 1 episode" })).toBeVisible();
    await page.getByRole("button", { name: `Play next: ${SECOND}` }).click();
    await expect(page.getByText(`${SECOND} plays next`)).toBeVisible();

    await player.getByRole("button", { name: "Up next, 2 episodes" }).click();
    const panel = page.getByRole("dialog", { name: "Up next" });
    const list = panel.getByRole("list", { name: "Up next" });
    const order = () => list.getByRole("listitem").allInnerTexts();
    await expect.poll(order).toEqual([expect.stringContaining(SECOND), expect.stringContaining(THIRD)]);

    // Drag the third above the second by its handle.
    const handle = list.getByRole("listitem").nth(1).getByTestId("queue-drag-handle");
    const target = await list.getByRole("listitem").first().boundingBox();
    const from = await handle.boundingBox();
    if (!target || !from) throw new Error("the queue's rows have no box");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, target.y + 4, { steps: 5 });
    await page.mouse.up();
    await expect.poll(order).toEqual([expect.stringContaining(THIRD), expect.stringContaining(SECOND)]);
    await expect(panel.getByRole("status")).toHaveText(`${THIRD} moved to position 1 of 2`);

    // By keyboard: the moved episode keeps the focus, and its new place is announced.
    await panel.getByRole("button", { name: `Move up: ${SECOND}` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(order).toEqual([expect.stringContaining(SECOND), expect.stringContaining(THIRD)]);
    await expect(panel.getByRole("status")).toHaveText(`${SECOND} moved to position 1 of 2`);
    await expect(panel.getByRole("button", { name: `Move down: ${SECOND}` })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect.poll(order).toEqual([expect.stringContaining(THIRD), expect.stringContaining(SECOND)]);
    await expect(panel.getByRole("status")).toHaveText(`${SECOND} moved to position 2 of 2`);
    await expect(panel.getByRole("button", { name: `Move up: ${SECOND}` })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();

    // The first plays to its end (2 s); the queue's first starts by itself.
    await player.getByRole("button", { name: "Play", exact: true }).click();
    await expect(player.getByRole("link", { name: THIRD })).toBeVisible();
    await expect
      .poll(() => audio(page))
      .toMatchObject({ src: expect.stringMatching(/\/ep62-[0-9a-f]+\.mp3$/), paused: false });
    await expect(player.getByRole("button", { name: "Up next, 1 episode" })).toBeVisible();

    // Its chapters, fetched as it plays: the current one shows; previous/next chapter move between them.
    const chapter = player.getByTestId("player-chapter");
    await expect(chapter).toHaveText("Chapter: Intro");
    await player.getByRole("button", { name: "Next chapter" }).click();
    await expect(chapter).toHaveText(`Chapter: Episode 62: ${THIRD}`);
    await expect.poll(async () => (await audio(page)).time).toBeGreaterThanOrEqual(3.5);
    await expect
      .poll(() => session(page))
      .toEqual({
        title: THIRD,
        album: `Episode 62: ${THIRD}`,
        artwork: expect.stringMatching(/\/art\/podcast\/bedroom-to-master\.svg$/),
      });
    await player.getByRole("button", { name: "Next chapter" }).click();
    await expect(chapter).toHaveText("Chapter: About this episode");
    await player.getByRole("button", { name: "Previous chapter" }).click();
    await expect(chapter).toHaveText(`Chapter: Episode 62: ${THIRD}`);

    // The sleep timer: 15 minutes counts down; off cancels it; 'end of episode' holds the next one back.
    await player.getByRole("button", { name: "Sleep timer" }).click();
    await page.getByRole("radio", { name: "15 minutes" }).click();
    await expect(player.getByRole("button", { name: /^Sleep timer: 1[45]:\d\d left$/ })).toBeVisible();
    await player.getByRole("button", { name: /^Sleep timer: / }).click();
    await page.getByRole("radio", { name: "Off" }).click();
    await expect(player.getByRole("button", { name: "Sleep timer", exact: true })).toBeVisible();
    await player.getByRole("button", { name: "Sleep timer", exact: true }).click();
    await page.getByRole("radio", { name: "End of episode" }).click();
    await expect(player.getByRole("button", { name: "Sleep timer: end of episode" })).toBeVisible();
    await expectAccessible(page);
    await player.getByRole("slider", { name: "Seek" }).focus();
    await page.keyboard.press("End");
    await expect(player.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    await expect(player.getByRole("button", { name: "Sleep timer", exact: true })).toBeVisible();
    await expect(player.getByRole("link", { name: THIRD })).toBeVisible();
    expect((await audio(page)).paused).toBe(true);
    await expect(player.getByRole("button", { name: "Up next, 1 episode" })).toBeVisible();

    // Kept on this device: after a reload the queue is there, and can be emptied.
    await page.reload();
    await player.getByRole("button", { name: "Up next, 1 episode" }).click();
    await expect(panel.getByRole("listitem")).toHaveCount(1);
    await expect(panel.getByRole("listitem")).toContainText(SECOND);
    await panel.getByRole("button", { name: `Remove from Up next: ${SECOND}` }).click();
    await expect(panel.getByText("Nothing waiting.")).toBeVisible();
    await page.keyboard.press("Escape");
    // The focus goes back to the button that opened the panel.
    await expect(player.getByRole("button", { name: "Up next, 0 episodes" })).toBeFocused();
  });
});
