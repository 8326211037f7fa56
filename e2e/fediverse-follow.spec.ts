import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { copiedText, expect, expectAccessible, recordClipboard, test } from "./fixtures";

/** What scripts/e2e-server.mjs wrote for these journeys (server/src/test/e2e-fediverse-fixture.ts). */
interface FediverseFixture {
  showPath: string;
  episodePath: string;
  showHandle: string;
}
const fixture = (): FediverseFixture =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, "..", process.env.E2E_FEDIVERSE_FIXTURE_FILE ?? ""), "utf8"),
  ) as FediverseFixture;

/** The visitor's instance answers its follow page here; the journey never leaves for the internet. */
async function fakeInstance(page: Page, host: string): Promise<void> {
  await page.route(`https://${host}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><title>${host}</title><h1>Follow on ${host}</h1></html>`,
    }),
  );
}

test.describe("following the club on the fediverse", () => {
  test("a show's page: copy its handle, then follow it from your instance after a typo", async ({ page }) => {
    const { showPath, showHandle } = fixture();
    await recordClipboard(page);
    await fakeInstance(page, "mastodon.social");
    await page.goto(showPath);
    const box = page.getByRole("main").getByRole("region", { name: "Follow on the fediverse" });
    await expect(box.getByText(showHandle, { exact: true })).toBeVisible();

    await box.getByRole("button", { name: `Copy ${showHandle}` }).click();
    await expect(box.getByRole("status")).toHaveText("Copied");
    expect(await copiedText(page)).toBe(showHandle);

    const instance = box.getByRole("textbox", { name: "Your instance" });
    await instance.fill("mastodon social");
    await box.getByRole("button", { name: "Follow", exact: true }).click();
    await expect(box.getByText("Enter your server's address, like mastodon.social.")).toBeVisible();
    await expect(instance).toHaveAttribute("aria-invalid", "true");
    await expect(instance).toHaveValue("mastodon social");
    await expect(instance).toBeFocused();
    await expectAccessible(page);

    await instance.fill(" https://Mastodon.Social/ ");
    await box.getByRole("button", { name: "Follow", exact: true }).click();
    const [, handle, host] = /^@([^@]+)@(.+)$/.exec(showHandle) ?? [];
    await expect(page).toHaveURL(
      `https://mastodon.social/authorize_interaction?uri=${encodeURIComponent(`acct:${handle}@${host}`)}`,
    );
    await expect(page.getByRole("heading", { name: "Follow on mastodon.social" })).toBeVisible();
  });

  test("the footer offers the club's account on every page", async ({ page, visit }) => {
    await fakeInstance(page, "social.example.org");
    await visit("/about");
    const footer = page.getByRole("contentinfo");
    const box = footer.getByRole("region", { name: "Follow on the fediverse" });
    const host = new URL(page.url()).host;
    await expect(box.getByText(`@club@${host}`, { exact: true })).toBeVisible();
    await box.getByRole("textbox", { name: "Your instance" }).fill("social.example.org");
    await box.getByRole("textbox", { name: "Your instance" }).press("Enter");
    await expect(page).toHaveURL(
      `https://social.example.org/authorize_interaction?uri=${encodeURIComponent(`acct:club@${host}`)}`,
    );
  });

  test("replies approved by the club show under the episode, with likes, boosts and how to reply", async ({
    page,
  }) => {
    const { episodePath } = fixture();
    await page.goto(episodePath);
    const replies = page.getByRole("region", { name: "Replies from the fediverse" });
    await expect(replies.getByText("2 likes")).toBeVisible();
    await expect(replies.getByText("1 boost", { exact: true })).toBeVisible();
    await expect(replies.getByText(/^Reply from your fediverse account/)).toBeVisible();
    await expect(replies.getByText(/\/ap\/notes\/\d+$/)).toBeVisible();

    const items = replies.getByRole("listitem");
    await expect(items).toHaveCount(2);
    const first = items.nth(0);
    await expect(first.getByText("Ana Fan")).toBeVisible();
    await expect(first.getByRole("link", { name: "@ana@fans.example" })).toHaveAttribute(
      "href",
      "https://fans.example/@ana",
    );
    await expect(first.getByText("Loved this one. The B-side at 12:40 is perfect.")).toBeVisible();
    await expect(first.getByRole("link", { name: "View on fans.example" })).toHaveAttribute(
      "href",
      "https://fans.example/@ana/1",
    );
    const link = items.nth(1).getByRole("link", { name: "their site" });
    await expect(link).toHaveAttribute("href", "https://label.example/");
    await expect(link).toHaveAttribute("rel", "nofollow ugc noopener");
    await expect(items.nth(1).getByText("Second paragraph.")).toBeVisible();
    // Held for moderation: not on the page.
    await expect(page.getByText("Not approved yet, so not shown.")).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Light theme" }).click();
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await expectAccessible(page, { only: "colours" });
  });
});
