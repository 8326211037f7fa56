import { expect, test } from "@playwright/test";
import {
  FIRST_LOAD_BUDGET_KB,
  FIRST_LOAD_PAGES,
  firstLoadScripts,
  LIGHTHOUSE_PHONE,
  totalKb,
} from "../scripts/first-load-js.mjs";

/**
 * The JavaScript each page Lighthouse measures loads before the visitor's
 * first interaction, at Lighthouse's phone size: at most 120 KB gzip (decision 0019). A count of
 * bytes, the same on a busy machine as on an idle one; `npm run measure:js` prints the scripts and
 * what they are made of. Run once, in the desktop project (the context is Lighthouse's phone).
 */
for (const path of FIRST_LOAD_PAGES) {
  test(`${path} loads at most ${FIRST_LOAD_BUDGET_KB} KB of JavaScript before the first interaction`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ ...LIGHTHOUSE_PHONE, serviceWorkers: "block" });
    try {
      const rows = await firstLoadScripts(context, new URL(path, baseURL).href, 3000);
      const listing = rows.map((row) => `${(row.gzip / 1024).toFixed(1)} KB ${new URL(row.url).pathname}`);
      expect(rows.length, "no script loaded: the page did not start").toBeGreaterThan(0);
      expect(totalKb(rows), listing.join("\n")).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
    } finally {
      await context.close();
    }
  });
}
