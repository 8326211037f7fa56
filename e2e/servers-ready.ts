/**
 * Playwright's global setup, run once its web servers are started: waits until each health address
 * in E2E_READY_URLS (set by playwright.config.ts) answers.
 *
 * Playwright starts its web servers one after another, each once the one before answers. The fake
 * Spotify and the public journeys' server count as started once launched (playwright.config.ts), so
 * they prepare side by side with the console's server (its operators, then its database); this
 * waits for them before the first journey.
 */
export default async function serversReady(): Promise<void> {
  const urls = JSON.parse(process.env.E2E_READY_URLS ?? "[]") as string[];
  const deadline = Date.now() + 120_000;
  await Promise.all(
    urls.map(async (url) => {
      for (;;) {
        try {
          if ((await fetch(url)).ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline)
          throw new Error(`${url} did not answer within 120 s (see its output above)`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }),
  );
}
