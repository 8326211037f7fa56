import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installEarlyEvents } from "../../lib/early-events";
import { AffiliateLink } from "./affiliate-link";
import { partners } from "./partners.data";

const partner = partners[0] as (typeof partners)[number];
const LINE = `Affiliate link clicked: ${partner.name} → ${partner.affiliateUrl}`;
const card = (
  <AffiliateLink partner={partner} className="cta">
    {partner.ctaText}
  </AffiliateLink>
);

/** A partner's affiliate link logs its click to the browser console, whether or not the page's code has run. */
describe("an affiliate link's click", () => {
  let container: HTMLDivElement;
  let uninstall = () => {};
  const info = vi.spyOn(console, "info").mockImplementation(() => {});
  beforeEach(() => {
    uninstall = installEarlyEvents();
    container = document.createElement("div");
    container.innerHTML = renderToString(card);
    document.body.append(container);
    info.mockClear();
  });
  afterEach(() => {
    uninstall();
    container.remove();
  });
  const link = () => container.querySelector("a") as HTMLAnchorElement;
  const click = () => {
    const event = new MouseEvent("click", { bubbles: true, cancelable: true });
    link().dispatchEvent(event);
    return event;
  };

  it("before the page's code has run: opens the partner (the browser's own click) and logs the same line", async () => {
    const event = click();
    expect(event.defaultPrevented).toBe(false);
    expect(info.mock.calls).toEqual([[LINE]]);
    expect(window.__waveformEvents?.pending()).toBe(0);
    // Once the code has run, nothing more is logged for that click, and the next one logs once.
    await act(async () => {
      hydrateRoot(container, card);
    });
    window.__waveformEvents?.ready();
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(info.mock.calls).toEqual([[LINE]]);
    await act(async () => click());
    expect(info.mock.calls).toEqual([[LINE], [LINE]]);
  });

  it("after the page's code has run: logs once (the link's own handler, not the early script)", async () => {
    await act(async () => {
      hydrateRoot(container, card);
    });
    window.__waveformEvents?.ready();
    await act(async () => click());
    expect(info.mock.calls).toEqual([[LINE]]);
  });

  it("while React takes the page over (its handler runs, the early script still holds): logs once", async () => {
    // Hydrated, but the page has not said it is ready: the capture still sees a click before the
    // code, and React's handler runs in the same dispatch. One line, not two.
    await act(async () => {
      hydrateRoot(container, card);
    });
    await act(async () => click());
    expect(info.mock.calls).toEqual([[LINE]]);
  });
});
