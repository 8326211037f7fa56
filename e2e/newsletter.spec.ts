import type { Page, Request } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * The links of the newsletter's mails open pages that change nothing until their button is
 * pressed (mail scanners follow links); the button POSTs the link's token and the page says what
 * happened, in the site's words. Real tokens are API-tested (newsletter.routes.test.ts); here the
 * server's answer to a good token is stubbed, and an unknown one goes to the real server.
 */
test.beforeEach(({ isPhone }) => {
  // The same at every width; screens.spec checks both pages at phone width (layout and axe).
  test.skip(isPhone, "behaviour that is the same at every width: desktop only");
});

function postsTo(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts.push(request);
  });
  return posts;
}

test("a confirm link opens a page; pressing its button confirms the subscription", async ({ page }) => {
  const posts = postsTo(page, "/api/newsletter/confirm");
  await page.route("**/api/newsletter/confirm", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"outcome":"confirmed"}' }),
  );
  await page.goto("/newsletter/confirm?token=e2e-good-token");
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
  await expect(
    page.getByText("Press the button to start getting the Waveform Music Club newsletter."),
  ).toBeVisible();
  expect(posts).toHaveLength(0);

  await page.getByRole("button", { name: "Confirm subscription" }).click();
  const status = page.getByRole("status").filter({ hasText: "Subscription confirmed" });
  await expect(status).toBeVisible();
  await expect(status).toContainText("Thanks! Our next newsletter is on its way to you.");
  expect(posts).toHaveLength(1);
  expect(posts[0]?.postDataJSON()).toEqual({ token: "e2e-good-token" });
  await expect(page.getByRole("button", { name: "Confirm subscription" })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("an unsubscribe link whose token does not work says so once the button is pressed", async ({ page }) => {
  await page.goto("/newsletter/unsubscribe?token=not-a-real-token");
  await expect(
    page.getByRole("heading", { level: 1, name: "Unsubscribe from the newsletter" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  const status = page.getByRole("status").filter({ hasText: "That link doesn't work" });
  await expect(status).toBeVisible();
  await expect(status).toContainText("It has expired or was already used.");
  await expectAccessible(page);
});

test("a link without a token says it doesn't work, with no button", async ({ page }) => {
  await page.goto("/newsletter/confirm");
  await expect(page.getByRole("status").filter({ hasText: "That link doesn't work" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm subscription" })).toHaveCount(0);
});

test("a link from a mail sent before the pages opens the page for its token", async ({ page }) => {
  const posts = postsTo(page, "/api/newsletter/unsubscribe");
  await page.goto("/api/newsletter/unsubscribe?token=older-mail-token");
  await expect(page).toHaveURL("/newsletter/unsubscribe?token=older-mail-token");
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  expect(posts).toHaveLength(0);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the page arrives rendered, kept out of search engines", async ({ page }) => {
    const response = await page.goto("/newsletter/confirm?token=e2e-token");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm subscription" })).toBeVisible();
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  test("the button posts the page's form, and the server sends the browser back with the outcome", async ({
    page,
  }) => {
    await page.goto("/newsletter/unsubscribe?token=not-a-real-token");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page).toHaveURL("/newsletter/unsubscribe?outcome=invalid-link");
    await expect(page.getByRole("status").filter({ hasText: "That link doesn't work" })).toBeVisible();
  });
});
