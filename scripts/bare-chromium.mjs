// Chromium driven over its own DevTools pipe, with nothing listening in the page: the way the
// benches load a page as a visitor's browser does. A test framework attached to a page (Playwright)
// follows every request (the Network domain), keeps script worlds of its own in the page and polls
// it in animation frames; at Lighthouse's 4× CPU that made a page's code arrive and hydrate about
// 0.4–0.6 s later than in the same Chromium without it (docs/measuring.md). Here each page gets only
// what a measure needs: its CPU rate and viewport (Emulation), a script run before the page's own
// (the bench's probe), navigation, evaluation, and real input (Input).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Starts headless Chromium with `--remote-debugging-pipe` (commands on fd 3, answers and events on
 * fd 4, each a JSON message ended by a NUL byte) and a fresh profile folder.
 */
export async function launchBareChromium({ executablePath, args = [] }) {
  const profile = mkdtempSync(join(tmpdir(), "bare-chromium-"));
  const child = spawn(
    executablePath,
    ["--headless=new", ...args, "--remote-debugging-pipe", `--user-data-dir=${profile}`, "about:blank"],
    { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
  );
  const [, , , commands, answers] = child.stdio;
  let nextId = 0;
  const pending = new Map();
  let buffered = "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  answers.setEncoding("utf8");
  answers.on("data", (chunk) => {
    buffered += chunk;
    for (let end = buffered.indexOf("\0"); end >= 0; end = buffered.indexOf("\0")) {
      const message = JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      // Events (no id) are not asked for: nothing here enables a domain that sends them.
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      pending.delete(message.id);
      if (!waiting) continue;
      if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting.resolve(message.result);
    }
  });
  child.once("exit", () => {
    for (const waiting of pending.values()) waiting.reject(new Error(`${waiting.method}: Chromium exited`));
    pending.clear();
  });

  /** One DevTools command, to the browser or (with `sessionId`) to an attached page. */
  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject, method });
      commands.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });

  const { product } = await send("Browser.getVersion");

  return {
    /** e.g. "146.0.7680.80" */
    version: product.replace(/^[^/]*\//, ""),
    send,
    /**
     * A new page in a context of its own (a first visit: empty cache and storage), its CPU slowed
     * `rate` times and `initScript` installed before any navigation.
     */
    async newPage({ viewport, rate = 1, initScript }) {
      const { browserContextId } = await send("Target.createBrowserContext");
      const { targetId } = await send("Target.createTarget", { url: "about:blank", browserContextId });
      const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
      const page = (method, params) => send(method, params, sessionId);
      await page("Emulation.setDeviceMetricsOverride", { ...viewport, deviceScaleFactor: 1, mobile: false });
      await page("Emulation.setCPUThrottlingRate", { rate });
      // The Page domain runs scripts on new documents only while it is enabled.
      await page("Page.enable");
      if (initScript) await page("Page.addScriptToEvaluateOnNewDocument", { source: initScript });
      return barePage({ page, browserContextId, send });
    },
    async close() {
      try {
        await send("Browser.close");
      } catch {
        // already gone
      }
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

function barePage({ page, browserContextId, send }) {
  /** The value of `expression` in the page (awaited when it is a promise). */
  const evaluate = async (expression) => {
    const { result, exceptionDetails } = await page("Runtime.evaluate", {
      expression,
      awaitPromise: true,
      returnByValue: true,
    });
    if (exceptionDetails) {
      throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    }
    return result.value;
  };
  return {
    evaluate,
    /**
     * Navigates to `url` and returns once the new document is the page's (the navigation has
     * committed), as Playwright's `waitUntil: "commit"` does: what follows runs in that document.
     */
    async goto(url, timeoutMs) {
      const { errorText } = await page("Page.navigate", { url });
      if (errorText) throw new Error(`${url}: ${errorText}`);
      const until = Date.now() + timeoutMs;
      while ((await evaluate("location.href")) !== url) {
        if (Date.now() > until) throw new Error(`${url}: not loaded after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    /** A press of the primary button at (x, y): move, down, up, as a mouse does. */
    async click(x, y) {
      await page("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
      await page("Input.dispatchMouseEvent", { type: "mousePressed", x, y, button: "left", clickCount: 1 });
      await page("Input.dispatchMouseEvent", { type: "mouseReleased", x, y, button: "left", clickCount: 1 });
    },
    /** Letters and digits typed key by key (down with its text, then up). */
    async type(text) {
      for (const char of text) {
        if (!/^[a-z0-9]$/i.test(char)) throw new Error(`type: only letters and digits, not ${char}`);
        const code = /\d/.test(char) ? `Digit${char}` : `Key${char.toUpperCase()}`;
        const key = { key: char, code, windowsVirtualKeyCode: char.toUpperCase().charCodeAt(0) };
        await page("Input.dispatchKeyEvent", { type: "keyDown", ...key, text: char, unmodifiedText: char });
        await page("Input.dispatchKeyEvent", { type: "keyUp", ...key });
      }
    },
    async close() {
      await send("Target.disposeBrowserContext", { browserContextId });
    },
  };
}
