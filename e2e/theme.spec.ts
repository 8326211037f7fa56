import { expect, expectAccessible, test } from "./fixtures";

test("is dark by default, and a chosen theme survives a reload", async ({ page, visit }) => {
  await visit("/");
  const html = page.locator("html");
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Light theme" }).click();
  await expect(html).toHaveClass(/\blight\b/);
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expectAccessible(page);

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
  await page.getByRole("button", { name: "System theme" }).click();
  const html = page.locator("html");
  await expect(html).toHaveClass(/\blight\b/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
});
