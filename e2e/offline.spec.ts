import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { DESKTOP_ONLY, expect, expectAccessible, test } from "./fixtures";

// The site's service worker registers on the first tap (decision 0026); the other journeys block it.
test.use({ serviceWorkers: "allow" });

const EPISODE_PAGE = "/podcasts/green-room-sessions/1";
const WORKER_FILE = join(import.meta.dirname, "..", "client", "dist", "sw.js");

/** Writes the worker and its brotli and gzip copies beside it (the server sends a copy when asked). */
function writeWorker(code: string): void {
  writeFileSync(WORKER_FILE, code);
  writeFileSync(`${WORKER_FILE}.br`, brotliCompressSync(code));
  writeFileSync(`${WORKER_FILE}.gz`, gzipSync(code, { level: 9 }));
}

/**
 * The update journey 'deploys' by rewriting the built worker, which every browser context checks on
 * its next navigation; so the journeys of this file (at both widths, in other workers) take turns,
 * by a lock folder. One left by a killed run is taken over after two minutes.
 */
const LOCK = join(import.meta.dirname, ".tmp", "offline-worker.lock");
async function inTurn(journey: () => Promise<void>): Promise<void> {
  mkdirSync(join(LOCK, ".."), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    await journey();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());
const audioState = (page: Page) =>
  page.evaluate(() => {
    const element = document.querySelector("audio");
    return {
      currentTime: element?.currentTime ?? 0,
      paused: element?.paused ?? true,
      error: element?.error?.code ?? 0,
    };
  });

test("download an episode, go offline: /podcasts lists it and it plays from the device; then remove it", async ({
  page,
  context,
  visit,
}) => {
  await inTurn(async () => {
    await visit(EPISODE_PAGE);
    const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await page.getByRole("button", { name: `Download ${title}` }).click();
    await expect(page.getByText(/^Downloaded · \d+(\.\d)? KB$/)).toBeVisible();
    const remove = page.getByRole("button", { name: `Remove download of ${title}` });
    await expect(remove).toBeVisible();
    await expectAccessible(page);
    // The first tap registered the worker; it takes the page over once it has precached the build.
    await expect.poll(() => controlled(page)).toBe(true);

    await page.goto("/podcasts");
    const downloads = page.getByRole("region", { name: "Your downloads" });
    await expect(downloads.getByRole("link", { name: title })).toBeVisible();
    await expect(downloads).toContainText(/1 episode · \d+ KB on this device · storage used .+, .+ left/);
    await expectAccessible(page);

    await context.setOffline(true);
    await page.reload();
    await expect(downloads.getByRole("link", { name: title })).toBeVisible();
    await downloads.getByRole("button", { name: `Play ${title}` }).click();
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(0.5);
    // Seeking asks the worker for a range of the stored audio.
    await page.evaluate(() => {
      const element = document.querySelector("audio");
      if (element) element.currentTime = 15;
    });
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(15.3);
    expect(await audioState(page)).toMatchObject({ paused: false, error: 0 });
    await expectAccessible(page);

    // A page never opened on this device says it is offline, and points to the downloads.
    await page.goto("/genres");
    await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
    await page.getByRole("link", { name: "Your downloaded episodes" }).click();
    await downloads.getByRole("button", { name: `Remove download of ${title}` }).click();
    await expect(downloads).toBeHidden();
    await context.setOffline(false);
  });
});

test(
  "a new build reaches the visitor: reload twice and the new worker runs, the old build's caches gone",
  DESKTOP_ONLY,
  async ({ page, visit }) => {
    await inTurn(async () => {
      await visit("/podcasts");
      await page.getByRole("heading", { level: 1 }).click();
      await expect.poll(() => controlled(page)).toBe(true);
      const shell = (await cacheNames(page)).find((name) => name.startsWith("waveform-shell-")) ?? "";
      const build = shell.replace("waveform-shell-", "");
      expect(build).toMatch(/^[0-9a-f]{12}$/);

      // 'Deploy' a new build: the same worker under another build id. The server reads the file (or
      // its brotli or gzip copy) on every request (a browser fetches a worker's script itself: page.route never sees it).
      const deployed = readFileSync(WORKER_FILE, "utf8");
      const next = "0e2e0e2e0e2e";
      writeWorker(deployed.replaceAll(build, next));
      try {
        // The first visit after the deploy finds the new worker, which takes over and deletes the old caches…
        await page.reload();
        await expect.poll(() => cacheNames(page)).toContain(`waveform-shell-${next}`);
        await expect
          .poll(async () => (await cacheNames(page)).filter((name) => name.includes(build)))
          .toEqual([]);
        // …and the next is answered by it: the page it stores goes to the new build's cache.
        await page.evaluate((name) => caches.delete(name), `waveform-pages-${next}`);
        await page.reload();
        await expect(page.getByRole("heading", { level: 1, name: "Music Podcasts" })).toBeVisible();
        await expect.poll(() => cacheNames(page)).toContain(`waveform-pages-${next}`);
        expect(await controlled(page)).toBe(true);
      } finally {
        writeWorker(deployed);
      }
    });
  },
);
