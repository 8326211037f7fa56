import type { Page } from "@playwright/test";
import { signInToConsole } from "./console-fixtures";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * The console's fediverse section, on the console server run with FEDERATION=on and the followers
 * and replies of server/src/test/fediverse-e2e-seed.ts. The decisions change that shared data, so
 * the journey that makes them runs once (untagged: desktop only); both widths check the page's
 * layout and axe.
 */

/** The activity table's cell that names what happened ("approve", "block"…). */
const change = (page: Page, action: string) => page.getByRole("cell", { name: action, exact: true });

test("an admin sees a follower, switches approval on, approves a follow and a reply, blocks an instance, and finds it all in the activity", async ({
  page,
  visit,
}) => {
  // Many steps and axe scans: three times the usual budget.
  test.slow();
  await signInToConsole(page, "admin");
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Fediverse" }).click();
  await expect(page.getByRole("heading", { name: "Fediverse", level: 1 })).toBeVisible();

  // The club's followers: the accepted one, and the request waiting (listed first).
  const followers = page.getByRole("table", { name: /^Followers of @club@/ });
  await expect(followers.getByRole("rowheader", { name: /@early@fans\.example/ })).toBeVisible();
  const latecomer = followers.getByRole("row").filter({ hasText: "@latecomer@fans.example" });
  await expect(latecomer).toContainText("Waiting for approval");
  await expectAccessible(page);

  // Approval by hand for the club, from the keyboard.
  const accounts = page.getByRole("table", { name: "Fediverse accounts" });
  const byHand = accounts.getByRole("checkbox", { name: /^By hand: @club@/ });
  await expect(byHand).not.toBeChecked();
  await byHand.focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("status")).toContainText("now wait for your approval");
  await expect(byHand).toBeChecked();

  // The waiting follow approved: its server is sent an Accept.
  await latecomer.getByRole("button", { name: "Approve @latecomer@fans.example" }).click();
  await expect(page.getByRole("status")).toContainText("@latecomer@fans.example now follows @club@");
  await expect(latecomer).toContainText("Following");

  // The moderation queue: a reply shown as text and links, with what it replies to.
  const chatty = page.getByRole("article", { name: "Reply from @chatty@fans.example" });
  await expect(chatty).toContainText("What a set, the second track especially.");
  await expect(chatty.getByRole("link", { name: "more here" })).toHaveAttribute(
    "href",
    "https://fans.example/about",
  );
  await expect(chatty).toContainText("replying to the episode");
  await chatty.getByRole("button", { name: "Approve the reply from @chatty@fans.example" }).click();
  await expect(page.getByRole("status")).toContainText("@chatty@fans.example's comment now shows under");
  await expect(chatty).toHaveCount(0);

  // A spammer's whole instance blocked, asked once: its reply leaves the queue, the block is listed.
  const spam = page.getByRole("article", { name: "Reply from @spammer@spam.example" });
  await spam.getByRole("button", { name: "Block instance spam.example" }).click();
  const dialog = page.getByRole("dialog", { name: "Block spam.example?" });
  await expect(dialog).toContainText("Every account on spam.example");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Block instance" }).click();
  await expect(page.getByRole("status")).toContainText("spam.example is blocked");
  await expect(spam).toHaveCount(0);
  await expect(page.getByText("No replies wait for moderation.")).toBeVisible();
  const blocks = page.getByRole("table", { name: "Blocked accounts and instances" });
  await expect(blocks.getByRole("rowheader", { name: "spam.example" })).toBeVisible();

  // A handle a show answers to is refused, with the reason beside the field; nothing is lost.
  const overview = (await (await page.request.get("/api/admin/fediverse")).json()) as {
    accounts: { kind: string; handle: string }[];
  };
  const show = overview.accounts.find((account) => account.kind === "show")?.handle ?? "";
  const handle = page.getByRole("textbox", { name: /^Handle/ });
  await handle.fill(show);
  await page.getByRole("button", { name: "Save handle" }).click();
  await expect(page.getByText("choose another handle for the club")).toBeVisible();
  await expect(handle).toHaveValue(show);
  await expect(handle).toBeFocused();
  await expectAccessible(page);

  // Every decision is in the activity, with who made it.
  await visit("/admin/activity?entity=fediverse-account");
  await expect(change(page, "approval-on")).toHaveCount(1);
  await visit("/admin/activity?entity=fediverse-follower");
  await expect(change(page, "approve")).toHaveCount(1);
  await visit("/admin/activity?entity=fediverse-comment");
  await expect(change(page, "approve")).toHaveCount(1);
  await visit("/admin/activity?entity=fediverse-block");
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: "spam.example" })
      .filter({ has: change(page, "block") }),
  ).toHaveCount(1);
});

test("the fediverse page reads well at every width and passes axe", { tag: "@both-widths" }, async ({
  page,
  visit,
  isPhone,
}) => {
  await signInToConsole(page, "admin");
  await visit("/admin/fediverse");
  await expect(page.getByRole("heading", { name: "Accounts", level: 2, exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Delivery health", level: 2 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: /^Handle/ })).toHaveValue("club");
  // The page never scrolls sideways on a phone (wide tables scroll in their own region).
  if (isPhone)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
