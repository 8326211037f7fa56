import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, holdApi, stubApi, test } from "./fixtures";

/** Our authorize endpoint; it sends the browser to the fake Spotify (playwright.config.ts), which approves at once. */
const AUTHORIZE = /\/api\/spotify\/authorize\?/;

// Toasts come and go without animation, so axe never reads one at part opacity (and the journeys
// run as a visitor who asked for reduced motion).
test.use({ reducedMotion: "reduce" });

/** axe reads a toast that is fading out at part opacity; check once it has gone. */
async function checkAccessibleWhenToastsSettle(page: Page) {
  await expect(page.locator('[data-sonner-toast][data-visible="false"]')).toHaveCount(0);
  await expectAccessible(page);
}

async function connect(page: Page, button = "Connect with Spotify") {
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByText("Your Spotify account is connected.")).toBeVisible();
}

test("connect, create a playlist from a curated one, open it, disconnect", async ({ page, visit }) => {
  await visit("/playlist-creator");
  const card = page.getByRole("region", { name: "Connect with Spotify" });
  await expect(card).toContainText("To create custom playlists, connect your Spotify account.");
  await expect(card).toContainText("you can revoke access at any time");

  await connect(page);
  await expect(page).toHaveURL("/playlist-creator");
  await expect(
    page.getByRole("status").filter({ hasText: "Connected to Spotify as Test Listener" }),
  ).toBeVisible();
  await checkAccessibleWhenToastsSettle(page);

  const form = page.getByRole("form", { name: "Create a playlist in your Spotify account" });
  await form.getByRole("button", { name: "Create Playlist" }).click();
  await expect(form.getByText("Please choose a playlist")).toBeVisible();

  await form.getByRole("combobox", { name: "Playlist" }).click();
  await page.getByRole("option", { name: /^Late Night Circuits/ }).click();
  await expect(form.getByRole("textbox", { name: "Playlist name" })).toHaveValue("Late Night Circuits");
  await form.getByRole("textbox", { name: "Playlist name" }).fill("My Late Night Circuits");
  await form.getByRole("textbox", { name: /Description/ }).fill("Saved from Waveform");
  await form.getByRole("radio", { name: "Public (on your profile)" }).check();
  await form.getByRole("button", { name: "Create Playlist" }).click();

  const created = page.getByRole("region", { name: "Playlist created" });
  await expect(created).toContainText("My Late Night Circuits is in your Spotify library with");
  await expect(created.getByRole("link", { name: /Open in Spotify/ })).toHaveAttribute(
    "href",
    /^https:\/\/open\.spotify\.com\/playlist\/[A-Za-z0-9]{22}$/,
  );
  await checkAccessibleWhenToastsSettle(page);

  await page.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Disconnected from Spotify")).toBeVisible();
  await expect(page.getByRole("region", { name: "Connect with Spotify" })).toBeVisible();
});

test("a genre becomes a playlist too, and tracks Spotify lacks are listed", async ({ page }) => {
  await page.goto("/playlist-creator");
  await connect(page);
  const form = page.getByRole("form", { name: "Create a playlist in your Spotify account" });
  await form.getByRole("radio", { name: "A genre" }).check();
  await form.getByRole("combobox", { name: "Genre" }).click();
  await page.getByRole("option", { name: "Jazz", exact: true }).click();
  await expect(form.getByRole("textbox", { name: "Playlist name" })).toHaveValue("Jazz Essentials");
  await form.getByRole("button", { name: "Create Playlist" }).click();
  const created = page.getByRole("region", { name: "Playlist created" });
  await expect(created).toContainText("Jazz Essentials is in your Spotify library");
  await created.getByRole("button", { name: "Create another" }).click();
  await expect(form).toBeVisible();
});

test("declining on Spotify's page brings the visitor back with a readable notice", async ({ page }) => {
  // Spotify's answer when a visitor clicks Cancel on its consent page: back to our callback with
  // error=access_denied and the state we sent. (Playwright routes only the first request of a
  // redirect chain, so this answers our authorize request with that redirect.)
  await page.route(AUTHORIZE, async (route) => {
    const toSpotify = await route.fetch({ maxRedirects: 0 });
    const consent = new URL(toSpotify.headers().location ?? "");
    const back = new URL(consent.searchParams.get("redirect_uri") ?? "");
    back.searchParams.set("error", "access_denied");
    back.searchParams.set("state", consent.searchParams.get("state") ?? "");
    await route.fulfill({ status: 302, headers: { location: back.href } });
  });
  await page.goto("/spotify-test");
  await page.getByRole("button", { name: "Connect with Spotify" }).click();
  await expect(page.getByText("You declined the Spotify connection, so nothing was changed.")).toBeVisible();
  await expect(page).toHaveURL("/spotify-test");
  await expect(page.getByText("Not connected to Spotify")).toBeVisible();
});

test("a stale or replayed sign-in link comes back to the site with a notice, not an error page", async ({
  page,
}) => {
  // A callback the site never started (an old bookmark, a link from another browser).
  await page.goto("/api/spotify/callback?code=old-code&state=unknown-state");
  await expect(page.getByText("That Spotify sign-in link has expired; please try again")).toBeVisible();
  await expect(page).toHaveURL("/spotify-test");
  await expect(page.getByText("Not connected to Spotify")).toBeVisible();

  // A callback used once already (Back after connecting): nothing changes, the visitor stays connected.
  await page.goto("/playlist-creator");
  const callback = page.waitForRequest(/\/api\/spotify\/callback\?/);
  await connect(page);
  const used = (await callback).url();
  await page.goto(used);
  await expect(page.getByText("That Spotify sign-in link has expired; please try again")).toBeVisible();
  // Back on the page the sign-in started from (its state names it), still connected.
  await expect(page).toHaveURL("/playlist-creator");
  await expect(
    page.getByRole("status").filter({ hasText: "Connected to Spotify as Test Listener" }),
  ).toBeVisible();
  await checkAccessibleWhenToastsSettle(page);
});

test("Connect on a site without a Spotify app comes back to the page with a notice", async ({ page }) => {
  // This run's server has a Spotify app; the API tests check that one without sends a Connect
  // back to its page with spotify=not-configured. Here the browser gets that answer.
  await page.route(AUTHORIZE, (route) => {
    const returnTo = new URL(route.request().url()).searchParams.get("returnTo");
    expect(returnTo).toBe("/playlist/1");
    return route.fulfill({ status: 303, headers: { location: "/playlist/1?spotify=not-configured" } });
  });
  await page.goto("/playlist/1");
  await page.getByRole("button", { name: "Save to Spotify" }).click();
  await expect(page.getByText("Spotify isn't set up on this site yet")).toBeVisible();
  await expect(page).toHaveURL("/playlist/1");
  await checkAccessibleWhenToastsSettle(page);
});

test("Spotify Test: addresses, status, test results and reconnect", async ({ page, visit, baseURL }) => {
  await visit("/spotify-test");
  const addresses = page.getByRole("region", { name: "Addresses" });
  await expect(addresses).toContainText(`${baseURL}/api/spotify/callback`);
  await expect(addresses).toContainText(`${baseURL}/spotify-test`);
  const status = page.getByRole("region", { name: "Authentication Status" });
  await expect(status).toContainText("Not connected to Spotify");

  const test = page.getByRole("region", { name: "Test API Connection" });
  await test.getByRole("button", { name: "Test Connection" }).click();
  await expect(test.getByTestId("connection-result")).toHaveText("Error: Not connected to Spotify");
  await expect(test.getByTestId("connection-result")).toHaveAttribute("data-outcome", "error");
  await expect(page.getByText("Connection failed")).toBeVisible();
  await checkAccessibleWhenToastsSettle(page);

  await connect(page);
  await expect(status).toContainText("Connected to Spotify");
  await expect(status).toContainText("Logged in as Test Listener");
  await expect(page.getByRole("button", { name: "Reconnect with Spotify" })).toBeVisible();

  const release = await holdApi(page, "/api/spotify/test-connection");
  await test.getByRole("button", { name: "Test Connection" }).click();
  await expect(test.getByRole("button", { name: "Testing..." })).toBeDisabled();
  release();
  await expect(test.getByTestId("connection-result")).toHaveText(
    "Connected! Spotify API is working correctly.",
  );
  await expect(test.getByTestId("connection-result")).toHaveAttribute("data-outcome", "success");
  await expect(page.getByText("Spotify connection is working correctly!")).toBeVisible();
  await checkAccessibleWhenToastsSettle(page);

  await page.unrouteAll();
  await page.route("**/api/spotify/test-connection", (route) => route.abort());
  await test.getByRole("button", { name: "Test Connection" }).click();
  await expect(test.getByTestId("connection-result")).toHaveText(
    "Error connecting to Spotify API. Check console for details.",
  );
  await expect(page.getByText("Failed to test Spotify connection")).toBeVisible();

  const held = await holdApi(page, "/api/spotify/check-auth");
  await status.getByRole("button", { name: "Refresh Status" }).click();
  await expect(status).toContainText("Checking authentication status...");
  held();
  await expect(status).toContainText("Logged in as Test Listener");

  await stubApi(page, "/api/spotify/test-connection", 200, { success: false });
  await test.getByRole("button", { name: "Test Connection" }).click();
  await expect(test.getByTestId("connection-result")).toHaveText("Error: Unknown error occurred");
  await expect(page.getByText("Failed to connect to Spotify API")).toBeVisible();
});

test("music hub: disabled while checking, 'Connecting...', then 'Connected to Spotify'", async ({ page }) => {
  const release = await holdApi(page, "/api/music/test-connection");
  await page.goto("/working-home");
  const button = page.getByRole("button", { name: "Connect with Spotify" });
  await expect(button).toBeDisabled();
  release();
  await expect(button).toBeEnabled();
  // A 204 answer to a navigation leaves the page where it is, so its connecting state stays on screen.
  await page.route(AUTHORIZE, (route) => route.fulfill({ status: 204 }));
  await button.click();
  await expect(page.getByRole("button", { name: "Connecting..." })).toBeDisabled();
  await page.unrouteAll();
  await page.goto("/working-home");
  await connect(page);
  await expect(page).toHaveURL("/working-home");
  await expect(page.getByRole("status").filter({ hasText: "Connected to Spotify" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Connect with Spotify" })).toHaveCount(0);
  await checkAccessibleWhenToastsSettle(page);
});

test("Save to Spotify on a playlist page connects first, then saves a copy", async ({ page }) => {
  await page.goto("/playlist/1");
  await page.getByRole("button", { name: "Save to Spotify" }).click();
  await expect(page.getByText("Your Spotify account is connected.")).toBeVisible();
  await expect(page).toHaveURL("/playlist/1");
  await page.getByRole("button", { name: "Save to Spotify" }).click();
  await expect(page.getByText("Saved to Spotify")).toBeVisible();
  await expect(page.getByRole("link", { name: /Open your copy in Spotify/ })).toHaveAttribute(
    "href",
    /^https:\/\/open\.spotify\.com\/playlist\//,
  );
});

test("the client bundle holds no secret", async () => {
  const dist = join(import.meta.dirname, "..", "client", "dist", "assets");
  const secrets = [process.env.E2E_SPOTIFY_CLIENT_SECRET, process.env.E2E_SESSION_SECRET].filter(Boolean);
  expect(secrets.length).toBeGreaterThan(0);
  // The build's brotli and gzip copies (name.br, name.gz) are read as the text they hold.
  for (const file of readdirSync(dist)) {
    const bytes = readFileSync(join(dist, file));
    const text = (
      file.endsWith(".br") ? brotliDecompressSync(bytes) : file.endsWith(".gz") ? gunzipSync(bytes) : bytes
    ).toString("utf8");
    for (const secret of secrets) expect(text, file).not.toContain(secret);
    expect(text, file).not.toMatch(/client_secret|SESSION_SECRET|SPOTIFY_CLIENT_SECRET/);
  }
});
