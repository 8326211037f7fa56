import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { serveTone } from "./serve-tone";

/** The page's one audio element, as the browser has it. */
const audio = (page: Page) =>
  page.evaluate(() => {
    const elements = document.querySelectorAll("audio");
    const element = elements[0];
    return {
      count: elements.length,
      currentTime: element?.currentTime ?? 0,
      paused: element?.paused ?? true,
      playbackRate: element?.playbackRate ?? 1,
      src: element?.currentSrc ?? "",
      marked: element?.dataset.journey === "1",
    };
  });

const currentTime = async (page: Page) => (await audio(page)).currentTime;

/** Starts the first episode of 'Latest Episodes' on /podcasts; gives back its title. */
async function playLatestEpisode(page: Page): Promise<string> {
  const button = page
    .getByRole("region", { name: "Latest Episodes" })
    .getByRole("button", { name: /^Play (?!next: |last: )/ })
    .first();
  const title = ((await button.getAttribute("aria-label")) ?? "").replace(/^Play /, "");
  await button.click();
  return title;
}

test.describe("the site's player", () => {
  test.beforeEach(async ({ page }) => {
    await page.route("**/*.mp3", serveTone);
  });

  test("plays on across pages; pause, keyboard seeking and speed; a reload resumes where it was", async ({
    page,
    visit,
    isPhone,
  }) => {
    await visit("/podcasts");
    const title = await playLatestEpisode(page);
    const player = page.getByRole("region", { name: "Audio player" });
    await expect(player.getByRole("link", { name: title })).toHaveAttribute(
      "href",
      /^\/podcasts\/[^/]+\/\d+$/,
    );
    await expect(player).toContainText("The Green Room Sessions");
    await expect.poll(() => currentTime(page)).toBeGreaterThan(0.5);
    await expect(player.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
    await page.evaluate(() => {
      const element = document.querySelector("audio");
      if (element) element.dataset.journey = "1";
    });
    await expectAccessible(page);

    // Through the header to another page: the same element plays on, and the player shows it.
    if (isPhone) await page.getByRole("button", { name: "Menu" }).click();
    await page
      .getByRole("navigation", { name: isPhone ? "Mobile" : "Main" })
      .getByRole("link", { name: "Genres", exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Genre Explorer" })).toBeVisible();
    const before = await audio(page);
    expect(before).toMatchObject({ count: 1, marked: true, paused: false });
    expect(before.src).toMatch(/\.mp3$/);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(before.currentTime + 0.5);
    await expect(player.getByRole("link", { name: title })).toBeVisible();

    // The player never covers the page: the end of the footer stays above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerBottom = await page
      .getByRole("contentinfo")
      .evaluate((footer) => footer.getBoundingClientRect().bottom);
    const playerTop = await player.evaluate((element) => element.getBoundingClientRect().top);
    expect(footerBottom).toBeLessThanOrEqual(playerTop + 1);

    await player.getByRole("button", { name: "Pause", exact: true }).click();
    await expect(player.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    expect((await audio(page)).paused).toBe(true);

    // Keyboard seeking: arrows ±5 s, PageUp/PageDown ±30 s, Home/End.
    const seek = player.getByRole("slider", { name: "Seek" });
    await seek.focus();
    await page.keyboard.press("Home");
    await expect(seek).toHaveAttribute("aria-valuenow", "0");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(seek).toHaveAttribute("aria-valuetext", /^0:10 of 0:30$/);
    await expect.poll(() => currentTime(page)).toBeCloseTo(10, 0);
    await page.keyboard.press("PageDown");
    await expect(seek).toHaveAttribute("aria-valuenow", "0");
    await page.keyboard.press("PageUp");
    await expect(seek).toHaveAttribute("aria-valuetext", /^0:30 of 0:30$/);
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowLeft");
    await expect(player.getByTestId("player-elapsed")).toHaveText("0:10");

    // Speed: 1× → 1.25× → 1.5×.
    await player.getByRole("button", { name: "Playback speed 1×" }).click();
    await player.getByRole("button", { name: "Playback speed 1.25×" }).click();
    await expect(player.getByRole("button", { name: "Playback speed 1.5×" })).toBeVisible();
    expect((await audio(page)).playbackRate).toBe(1.5);
    await expectAccessible(page);

    // A reload brings the episode back, paused where it was, and it plays on from there.
    await page.reload();
    await expect(player.getByRole("link", { name: title })).toBeVisible();
    await expect(player.getByTestId("player-elapsed")).toHaveText("0:10");
    await player.getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(() => audio(page)).toMatchObject({ paused: false, playbackRate: 1.5 });
    const resumed = await currentTime(page);
    expect(resumed).toBeGreaterThanOrEqual(9.5);
    expect(resumed).toBeLessThan(14);

    await player.getByRole("button", { name: "Close player" }).click();
    await expect(player).toHaveCount(0);
    expect((await audio(page)).paused).toBe(true);
  });

  test("audio that cannot be played says so (light theme)", async ({ page, visit }) => {
    await page.addInitScript(() => localStorage.setItem("waveform-theme", "light"));
    await page.unrouteAll();
    await page.route("**/*.mp3", (route) => route.fulfill({ status: 404, body: "Not found" }));
    await visit("/podcasts");
    await playLatestEpisode(page);
    const player = page.getByRole("region", { name: "Audio player" });
    await expect(player.getByRole("alert")).toHaveText("This episode can't be played right now");
    await expect(player.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    await expectAccessible(page);
    await player.getByRole("button", { name: "Try again" }).click();
    await expect(player.getByRole("alert")).toHaveText("This episode can't be played right now");
  });

  test("the home panel, Podcast Discovery and the club's podcasts page play in the same player", async ({
    page,
    visit,
  }) => {
    await visit("/");
    const panel = page.getByRole("region", { name: "Waveform Podcasts" });
    await panel.scrollIntoViewIfNeeded();
    const progress = panel.getByRole("progressbar", { name: /^Progress of / });
    await expect(progress).toHaveAttribute("aria-valuenow", "0");
    const latest = panel.getByRole("button", { name: /^Play (?!next: |last: )/ }).first();
    const title = ((await latest.getAttribute("aria-label")) ?? "").replace(/^Play /, "");
    const player = page.getByRole("region", { name: "Audio player" });
    // The panel hydrates when scrolled near: a click before that is held and replayed.
    await latest.click();
    await expect(player).toBeVisible();
    await expect(player.getByRole("link", { name: title })).toBeVisible();
    // The panel's bar follows the real audio.
    await expect(panel.getByRole("button", { name: `Pause ${title}` })).toBeVisible();
    await expect.poll(async () => Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThan(0);

    await page.goto("/podcasts-discovery");
    const card = page.getByRole("region", { name: "All Music Podcasts" }).getByRole("article").nth(1);
    const show = (await card.getByRole("heading").textContent()) ?? "";
    await card.getByRole("button", { name: /^Play / }).click();
    await expect(player).toContainText(show);
    await expect.poll(() => audio(page)).toMatchObject({ paused: false });

    await page.goto("/old-podcasts");
    // The simulated progress stays as docs/product.md describes it; 'Play in the player' uses the
    // site's player.
    await expect(page.getByRole("progressbar", { name: /^Progress of / })).toHaveAttribute(
      "aria-valuenow",
      "35",
    );
    const inPlayer = page.getByRole("button", { name: /^Play in the player: / });
    const featured = ((await inPlayer.getAttribute("aria-label")) ?? "").replace(/^Play in the player: /, "");
    await inPlayer.click();
    await expect(player.getByRole("link", { name: featured })).toBeVisible();
    await expect(page.getByRole("button", { name: `Pause in the player: ${featured}` })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: /^Progress of / })).toHaveAttribute(
      "aria-valuenow",
      "35",
    );
    await expectAccessible(page);
  });
});
