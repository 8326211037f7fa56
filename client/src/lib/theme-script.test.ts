import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { THEME_CHANGING_CLASS, THEME_STORAGE_KEY } from "./theme";
import { installTheme } from "./theme-script";

const root = document.documentElement;

function toggle(): HTMLButtonElement[] {
  document.body.innerHTML = `
    <div role="group" aria-label="Theme">
      <button type="button" aria-label="Light theme" aria-pressed="false" data-theme-choice="light"><svg></svg></button>
      <button type="button" aria-label="Dark theme" aria-pressed="true" data-theme-choice="dark"></button>
      <button type="button" aria-label="System theme" aria-pressed="false" data-theme-choice="system"></button>
    </div>`;
  return [...document.querySelectorAll("button")];
}
/** Resolves after the browser's next two animation frames. */
const twoFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
const pressed = () => [...document.querySelectorAll("button[aria-pressed=true]")].map((one) => one.ariaLabel);

describe("installTheme", () => {
  let uninstall: () => void = () => {};
  beforeEach(() => {
    localStorage.clear();
    root.className = "dark";
    delete root.dataset.app;
  });
  afterEach(() => {
    uninstall();
    document.body.innerHTML = "";
  });

  it("colours the page and presses the button of the stored choice", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "light");
    toggle();
    uninstall = installTheme(THEME_STORAGE_KEY, THEME_CHANGING_CLASS);
    expect([...root.classList]).toEqual(["light"]);
    expect(pressed()).toEqual(["Light theme"]);
  });

  it("takes dark for nothing stored or a value it does not know", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "sepia");
    toggle();
    uninstall = installTheme(THEME_STORAGE_KEY, THEME_CHANGING_CLASS);
    expect([...root.classList]).toEqual(["dark"]);
    expect(pressed()).toEqual(["Dark theme"]);
  });

  it("answers a press before the page has hydrated: stores, recolours and moves the pressed state", async () => {
    const [light, , system] = toggle();
    uninstall = installTheme(THEME_STORAGE_KEY, THEME_CHANGING_CLASS);
    light?.querySelector("svg")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
    // Recoloured with no transitions, until the frame after the one that shows it.
    expect([...root.classList].sort()).toEqual(["light", THEME_CHANGING_CLASS]);
    await twoFrames();
    expect([...root.classList]).toEqual(["light"]);
    expect(pressed()).toEqual(["Light theme"]);
    system?.click();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("system");
    expect(pressed()).toEqual(["System theme"]);
  });

  it("leaves presses to React once the page has hydrated", () => {
    const [light] = toggle();
    uninstall = installTheme(THEME_STORAGE_KEY, THEME_CHANGING_CLASS);
    root.dataset.app = "ready";
    light?.click();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect([...root.classList]).toEqual(["dark"]);
    expect(pressed()).toEqual(["Dark theme"]);
  });

  it("ignores a press anywhere else", () => {
    toggle();
    uninstall = installTheme(THEME_STORAGE_KEY, THEME_CHANGING_CLASS);
    document.body.click();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(pressed()).toEqual(["Dark theme"]);
  });
});
