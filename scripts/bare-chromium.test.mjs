import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBareChromium } from "./bare-chromium.mjs";
import { chromiumArgs, findChromium } from "./chromium.mjs";

// A page whose own script records what it found when it ran, a button and a field that record what
// reached them: the init script must run first, and the press and the keys must be the browser's.
const PAGE = `<!doctype html><html><head><script>
  window.seenByPage = typeof window.__initScript;
  window.pressed = [];
</script></head><body style="margin:0">
  <button id="b" style="position:absolute;left:10px;top:10px;width:100px;height:40px"
    onclick="pressed.push(event.isTrusted)">Press</button>
  <input id="f" style="position:absolute;left:10px;top:80px;width:200px;height:30px">
</body></html>`;

const chromium = findChromium();

describe.skipIf(!chromium)("launchBareChromium", () => {
  let server;
  let base;
  let browser;
  beforeAll(async () => {
    server = createServer((_, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end(PAGE);
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${server.address().port}`;
    browser = await launchBareChromium({ executablePath: chromium, args: chromiumArgs });
  });
  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it("names the browser's version", () => {
    expect(browser.version).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });

  it("runs the init script before the page's own, in the document the navigation committed", async () => {
    const page = await browser.newPage({
      viewport: { width: 400, height: 300 },
      initScript: "window.__initScript = location.pathname;",
    });
    try {
      await page.goto(`${base}/first`, 10_000);
      expect(await page.evaluate("[window.seenByPage, window.__initScript]")).toEqual(["string", "/first"]);
      expect(await page.evaluate("innerWidth")).toBe(400);
    } finally {
      await page.close();
    }
  });

  it("presses and types as the browser's own input, and awaits what the page promises", async () => {
    const page = await browser.newPage({ viewport: { width: 400, height: 300 } });
    try {
      await page.goto(`${base}/`, 10_000);
      await page.click(60, 30);
      expect(await page.evaluate("pressed")).toEqual([true]);
      await page.click(50, 95);
      await page.type("jazz42");
      expect(await page.evaluate("document.getElementById('f').value")).toBe("jazz42");
      expect(await page.evaluate("new Promise((resolve) => setTimeout(() => resolve(7), 20))")).toBe(7);
      await expect(page.evaluate("missing.name")).rejects.toThrow(/missing is not defined/);
      await expect(page.type("a b")).rejects.toThrow(/only letters and digits/);
    } finally {
      await page.close();
    }
  });
});
