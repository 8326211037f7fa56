import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Presses a theme button once, as a visitor does, the moment it shows (before the page has
 * hydrated, the press is held and replayed), and sees it pressed.
 */
async function choose(page: Page, label: "Light theme" | "Dark theme" | "System theme"): Promise<void> {
  const button = page.getByRole("button", { name: label });
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
}

test("is dark by default, and a chosen theme survives a reload", async ({ page, visit }) => {
  await visit("/");
  const html = page.locator("html");
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "true");

  await choose(page, "Light theme");
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  // The page visit() scanned dark, now light: the rules that read colours.
  await expectAccessible(page, { only: "colours" });

  await page.reload();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(page.getByRole("button", { name: "Light theme" })).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => localStorage.getItem("waveform-theme"))).toBe("light");
});

test("the stored theme applies before any app code runs (no flash)", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("waveform-theme", "light"));
  await page.route("**/assets/*.js", (route) => route.abort());
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
});

test("'system' follows the operating system's colour scheme", async ({ page, visit }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await visit("/");
  await choose(page, "System theme");
  const html = page.locator("html");
  await expect(html).toHaveClass(/\blight\b/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
});

test("a theme change recolours the page at once: no colour transition starts", async ({ page, visit }) => {
  await visit("/");
  // The page's code answers this press (the inline theme script answers earlier ones).
  await expect(page.locator("html")).toHaveAttribute("data-app", "ready");
  const button = page.getByRole("button", { name: "Light theme" });
  await button.focus();
  await page.keyboard.press("Enter");
  // Counted at once (a transition lasts 150 ms); reading the animations styles the page first.
  // Every control that fades its colours on hover would start a transition of each colour the
  // theme changes (164 on the home page). The pressed button's own focus ring may fade in.
  const started = await page.evaluate(
    () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation instanceof CSSTransition &&
            !(
              animation.effect instanceof KeyframeEffect &&
              animation.effect.target?.closest("[data-theme-choice]")
            ),
        ).length,
  );
  expect(started).toBe(0);
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
});
