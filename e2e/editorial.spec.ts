import { readFileSync } from "node:fs";
import { copiedText, expect, expectAccessible, recordClipboard, test } from "./fixtures";

test("charts: weekly by default, three periods, formatted rows, CSV download and share", async ({
  page,
  visit,
  context,
}) => {
  await context.grantPermissions(["clipboard-write"]);
  await recordClipboard(page);
  await visit("/charts");
  await expect(page.getByRole("tab", { name: "Weekly" })).toHaveAttribute("aria-selected", "true");
  const rows = page.getByRole("tabpanel").getByRole("row");
  await expect(rows).toHaveCount(11);
  await expect(rows.nth(0).getByRole("columnheader")).toHaveText([
    "Rank",
    "Title",
    "Artist",
    "Genre",
    "Streams",
    "Change",
    "Popularity",
  ]);
  await expect(rows.nth(1)).toContainText("2,845,120");
  await expect(rows.nth(1)).toContainText("↑ 3");
  await expect(rows.nth(2)).toContainText("—");
  await expect(rows.nth(4)).toContainText("↓ 2");

  await page.getByRole("tab", { name: "Monthly" }).click();
  await expect(page.getByRole("tabpanel").getByRole("row").nth(1)).toContainText("Signal Fire");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("waveform-charts-monthly.csv");
  const csv = readFileSync((await download.path()) ?? "", "utf8")
    .trim()
    .split("\n");
  expect(csv[0]).toBe("Rank,Title,Artist,Genre,Streams,Change");
  expect(csv[1]).toBe("1,Signal Fire,Kairo Blaze,Hip Hop,11204558,2");
  expect(csv).toHaveLength(11);

  const alerts: string[] = [];
  page.once("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Share Charts" }).click();
  await expect.poll(() => alerts).toEqual(["Link copied to clipboard!"]);
  expect(await copiedText(page)).toMatch(/\/charts$/);
  await expectAccessible(page);
});

test("streaming partners: four partners with prices, FAQ accordion, sponsored links", async ({
  page,
  visit,
}) => {
  await visit("/streaming-partners");
  for (const text of ["$9.99/month", "$10.99/month", "30 days free"])
    await expect(page.getByText(text).first()).toBeVisible();
  await expect(page.getByText(/may earn a commission/)).toBeVisible();
  const link = page.getByRole("link", { name: /Try Apple Music/ });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener sponsored");
  const faq = page.getByRole("button", { name: "Can I cancel during the free trial?" });
  await expect(faq).toHaveAttribute("aria-expanded", "false");
  await faq.focus();
  await page.keyboard.press("Enter");
  await expect(faq).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText("Every partner lets you cancel")).toBeVisible();
  const logged = page.waitForEvent("console", (message) => message.text().includes("Affiliate link clicked"));
  await page.getByRole("link", { name: /Try Spotify Premium/ }).click({ modifiers: ["ControlOrMeta"] });
  expect((await logged).text()).toContain("Spotify Premium");
  await expectAccessible(page);
});

test("artist spotlight: first artist selected, tabs switch, merch and apply texts", async ({
  page,
  visit,
}) => {
  await visit("/artist-spotlight");
  await expect(page.getByRole("tab", { name: "Luna Vale" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Kairo Blaze" }).click();
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("heading", { name: "Kairo Blaze" })).toBeVisible();
  await expect(panel.getByRole("link", { name: /Listen Now/ })).toHaveAttribute("href", /^https:/);
  await expect(panel.getByRole("link", { name: "Buy Merch" })).toHaveAttribute(
    "href",
    "/merchandise?artist=Kairo%20Blaze",
  );
  await expect(page.getByRole("heading", { name: "Want Your Music Featured?" })).toBeVisible();
  for (const text of ["Original music (no covers)", "Potential interview opportunities"])
    await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByRole("link", { name: "submissions@waveform-music.club" })).toHaveAttribute(
    "href",
    "mailto:submissions@waveform-music.club",
  );
  await expectAccessible(page);
});

test("about: founded 2025, three cards, the team and a contact address", async ({ page, visit }) => {
  await visit("/about");
  await expect(page.getByText(/Founded in 2025/)).toBeVisible();
  for (const name of [
    "Our Mission",
    "Our Curation",
    "Our Podcast",
    "Meet Our Team",
    "Join Our Community",
    "Contact Us",
  ]) {
    await expect(page.getByRole("heading", { name })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Meet Our Team" }).getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("link", { name: "hello@waveform-music.club" })).toHaveAttribute(
    "href",
    "mailto:hello@waveform-music.club",
  );
});
