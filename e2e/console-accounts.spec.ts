import { readFileSync } from "node:fs";
import { join } from "node:path";
import { generate } from "otplib";
import { projectKind, setPasswordPath, signInToConsole } from "./console-fixtures";
import { expect, expectAccessible, test } from "./fixtures";

const PASSWORD = "quiet records on a rainy sunday";

test("an operator added with the CLI sets a password, signs in, turns on two-step sign-in, sees the activity and signs out", async ({
  page,
}) => {
  // Many steps, several argon2 hashes and axe scans: three times the usual budget.
  test.slow();
  const email = `journey-${projectKind()}@e2e.test`;
  const link = setPasswordPath(email);

  // The one-time link from `npm run admin -- operators add` (scripts/e2e-server.mjs).
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set your password", level: 1 })).toBeVisible();
  await expectAccessible(page);
  const password = page.getByLabel("New password", { exact: true });
  await password.fill("password1234");
  await page.getByLabel("New password again").fill("password1234");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(
    page.getByText("This password is too common. Choose one that is harder to guess."),
  ).toBeVisible();
  await expect(password).toHaveValue("password1234");
  await expect(password).toBeFocused();
  await expectAccessible(page);
  await password.fill(PASSWORD);
  await page.getByLabel("New password again").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText(`Your password is set for ${email}`)).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(`${PASSWORD} again`);
  await page.getByLabel("New password again").fill(`${PASSWORD} again`);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "This link has expired or was used already" }),
  ).toBeVisible();

  // Signed out, a console page sends the operator to sign in, and back to it afterwards.
  await page.goto("/admin/activity");
  await expect(page).toHaveURL(/\/admin\/sign-in\?returnTo=%2Fadmin%2Factivity$/);
  await expectAccessible(page);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("not my password at all");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("That email and password do not match an active account.");
  await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
  await expect(page).toHaveURL("/admin/activity");

  // The activity lists the password this operator set, filtered to them.
  await page.getByRole("combobox", { name: "Who" }).selectOption({ label: email });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/operator=\d+/);
  const table = page.getByRole("region", { name: "Activity" });
  await expect(table.getByRole("row").filter({ hasText: "set-password" })).toContainText(email);
  await expectAccessible(page);

  // Two-step sign-in: the key as text (typed into an app; here, given to otplib).
  const nav = page.getByRole("navigation", { name: "Console" });
  await nav.getByRole("link", { name: "Account" }).click();
  await page.getByRole("button", { name: "Set up two-step sign-in" }).click();
  const key = page.locator("code");
  await expect(key).toBeVisible();
  await expect(
    page.getByRole("link", { name: "open it in an authenticator app on this device" }),
  ).toHaveAttribute("href", /^otpauth:\/\/totp\//);
  await expectAccessible(page);
  const secret = (await key.textContent())?.replaceAll(" ", "") ?? "";
  await page.getByRole("textbox", { name: "Code from your authenticator app" }).fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("That code is not valid. Wait for a new one and try again.")).toBeVisible();
  await page
    .getByRole("textbox", { name: "Code from your authenticator app" })
    .fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Two-step sign-in is on." })).toBeVisible();

  // Sign out; the console is closed again; signing in now asks for a code.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/sign-in\?returnTo=%2Fadmin$/);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  const code = page.getByRole("textbox", { name: "Code from your authenticator app" });
  await expect(code).toBeFocused();
  await expectAccessible(page);
  // The next step's code: the one that turned it on may not be used twice.
  await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Console", level: 1 })).toBeVisible();
});

// At both widths (playwright.config.ts: console-phone runs the @both-widths journeys): each console
// page's layout and axe at phone width.
test("every console page an editor opens passes axe; the administrator pages are closed to them", {
  tag: "@both-widths",
}, async ({ page, visit, isPhone }) => {
  // Many steps, several argon2 hashes and axe scans: three times the usual budget.
  test.slow();
  const email = await signInToConsole(page, "editor");
  await expect(page.getByText(email).first()).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link", { name: "Activity" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Operators" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Subscribers" })).toHaveCount(0);
  await expectAccessible(page);
  for (const path of ["/admin/account", "/admin/activity"]) await visit(path);
  await visit("/admin/subscribers");
  await expect(page.getByRole("heading", { name: "For administrators", level: 1 })).toBeVisible();
  await visit("/admin/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  // The page never scrolls sideways on a phone (wide tables scroll in their own region).
  if (isPhone)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("an administrator adds an operator in the console, gives a new link, disables them; each page passes axe", {
  tag: "@both-widths",
}, async ({ page, visit }) => {
  // Many steps, several argon2 hashes and axe scans: three times the usual budget.
  test.slow();
  await signInToConsole(page, "admin");
  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link", { name: "Subscribers" })).toBeVisible();
  for (const path of ["/admin/account", "/admin/activity"]) await visit(path);
  // Keyboard: the skip link comes first.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();

  await nav.getByRole("link", { name: "Operators" }).click();
  await expect(page.getByRole("heading", { name: "Operators", level: 1 })).toBeVisible();
  await expectAccessible(page);
  const email = `added-${projectKind()}@e2e.test`;
  await page.getByRole("textbox", { name: "Email" }).fill("not an email");
  await page.getByRole("button", { name: "Add operator" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("combobox", { name: "Role" }).selectOption("editor");
  await page.getByRole("button", { name: "Add operator" }).click();
  await expect(page.getByText(`Send this link to ${email}`)).toBeVisible();
  await expect(page.getByText(/\/admin\/set-password\?token=/).first()).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Waiting for their password");
  await expectAccessible(page);
  await page.getByRole("button", { name: `New link for ${email}` }).click();
  await expect(page.getByText(`Send this link to ${email}`)).toHaveCount(2);
  await page.getByRole("button", { name: `Disable ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Disable this operator?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Disable" }).click();
  await expect(row).toContainText("Disabled");

  await nav.getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("row").filter({ hasText: "disable" }).first()).toBeVisible();
});

test("the console's code is not in the public site's entry chunk", async () => {
  test.skip(projectKind() === "phone", "a build check, the same at every width");
  const dist = join(import.meta.dirname, "..", "client", "dist");
  // The entry is started by index.html's inline script once the page has painted (deferred-entry.ts).
  const entry = /startAfterPaint[\s\S]*?\)\("\/assets\/([^"]+\.js)", \d+, "page-code"\);<\/script>/.exec(
    readFileSync(join(dist, "index.html"), "utf8"),
  )?.[1];
  expect(entry).toBeTruthy();
  // The entry and every chunk it imports statically: what every public page loads.
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(dist, "assets", file), "utf8");
    for (const [, imported] of text.matchAll(
      /(?:^|[;}\s])import\s*(?:[^"'();]*?from\s*)?["']\.\/([^"']+\.js)["']/g,
    )) {
      if (imported) visit(imported);
    }
  };
  visit(entry as string);
  const loaded = [...seen].map((file) => readFileSync(join(dist, "assets", file), "utf8")).join("\n");
  for (const text of [
    "Sign out everywhere",
    "Two-step sign-in",
    "/api/admin/",
    "Only an administrator may open this page",
  ]) {
    expect(loaded, text).not.toContain(text);
  }
});
