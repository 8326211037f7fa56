import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Cookie, expect, type Page, test } from "@playwright/test";

/** Written by scripts/e2e-server.mjs for the console server (playwright.config.ts: CONSOLE_OPERATORS_FILE). */
const OPERATORS_FILE = join(import.meta.dirname, ".tmp", "console-operators.json");
/** The password every prepared operator gets (long and not a common one). */
export const E2E_CONSOLE_PASSWORD = "night-drive turntable 47";

interface Operators {
  /** This server run's id: the markers below belong to one run. */
  run: string;
  /** email → one-time set-password link, as the admin CLI printed it. */
  links: Record<string, string>;
}

const operators = (): Operators => JSON.parse(readFileSync(OPERATORS_FILE, "utf8")) as Operators;

/** "desktop" or "phone": each console project has operators of its own, so the two never collide. */
export const projectKind = () => (test.info().project.name.endsWith("phone") ? "phone" : "desktop");

/** The one-time link the CLI printed for an operator, as a path on the console server. */
export function setPasswordPath(email: string): string {
  const link = operators().links[email];
  if (!link) throw new Error(`${email} was not added by scripts/e2e-server.mjs`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Sets a password through the real set-password page (the link works once). */
export async function setPasswordWithLink(page: Page, email: string, password = E2E_CONSOLE_PASSWORD) {
  await page.goto(setPasswordPath(email));
  await expect(page.getByRole("heading", { name: "Set your password", level: 1 })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText(`Your password is set for ${email}`)).toBeVisible();
}

/**
 * Makes sure the operator's password is set, once per server run, whichever worker asks first:
 * `mkdir` is atomic, so exactly one worker uses the link, and the others wait for its marker.
 */
export async function ensurePassword(page: Page, email: string): Promise<void> {
  const { run } = operators();
  const markers = join(import.meta.dirname, ".tmp", "console-passwords", run);
  mkdirSync(markers, { recursive: true });
  const done = join(markers, `${email}.done`);
  if (existsSync(done)) return;
  let mine = false;
  try {
    mkdirSync(join(markers, `${email}.lock`));
    mine = true;
  } catch {
    // another worker is setting it
  }
  if (mine) {
    await setPasswordWithLink(page, email);
    writeFileSync(done, "");
    return;
  }
  await expect.poll(() => existsSync(done), { timeout: 20_000 }).toBe(true);
}

/** Signs in through the sign-in page as the given email and password; ends on the console's home. */
export async function signInWith(page: Page, email: string, password = E2E_CONSOLE_PASSWORD) {
  await page.goto("/admin/sign-in");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Console", level: 1 })).toBeVisible();
}

/** The console session cookie each operator's first sign-in in this worker was given, by email. */
const signedIn = new Map<string, Cookie[]>();

/**
 * Signs `page` in to the console as this project's editor or admin (made by the admin CLI when
 * the console server started; the password set through the real set-password page the first time).
 * The first time in a worker through the sign-in page; after that the new page gets the session
 * cookie that sign-in gave (no journey signs these operators out), which saves a page and an
 * argon2 check per journey. console-accounts' first journey signs in through the page every time.
 * Either way it ends on the console's home. Returns the operator's email.
 */
export async function signInToConsole(page: Page, role: "editor" | "admin"): Promise<string> {
  const email = `${role}-${projectKind()}@e2e.test`;
  const cookies = signedIn.get(email);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Console", level: 1 })).toBeVisible();
    return email;
  }
  await ensurePassword(page, email);
  await signInWith(page, email);
  signedIn.set(email, await page.context().cookies());
  return email;
}
