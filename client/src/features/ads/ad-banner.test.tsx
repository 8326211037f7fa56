import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { FakeObserver } from "../../test/deferred-sections";
import { currentAdvertisementQuery } from "./ads.queries";

const sent = vi.hoisted(() => [] as unknown[]);
vi.mock("../insights", async (original) => ({
  ...(await original<typeof import("../insights")>()),
  track: (event: unknown) => sent.push(event),
}));
const { AdBanner } = await import("./ad-banner");

const ad = {
  id: 7,
  title: "Vinyl Week",
  description: "Every record 20% off.",
  ctaText: "Shop vinyl",
  ctaUrl: "https://shop.example.com/vinyl",
  imageUrl: "/images/ads/vinyl.jpg",
};

function renderBanner() {
  const client = createQueryClient();
  client.setQueryData(currentAdvertisementQuery.queryKey, ad);
  render(
    <QueryClientProvider client={client}>
      <AdBanner />
    </QueryClientProvider>,
  );
  return screen.getByRole("link", { name: /Shop vinyl/ });
}

describe("the sponsor's banner", () => {
  beforeEach(() => {
    sent.length = 0;
    FakeObserver.instances = [];
    vi.stubGlobal("IntersectionObserver", FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Object.defineProperty(navigator, "globalPrivacyControl", { value: undefined, configurable: true });
  });

  it("counts an impression when it comes into view, and keeps the sponsor's address with a ping", () => {
    const link = renderBanner();
    expect(link).toHaveAttribute("href", "https://shop.example.com/vinyl");
    expect(link).toHaveAttribute("ping", "/api/insights/ad-click/7");
    expect(sent).toEqual([]);
    for (const observer of FakeObserver.instances) observer.show();
    expect(sent).toEqual([{ kind: "ad-impression", adId: 7 }]);
  });

  it("leaves a click to the link's ping where the browser has one, and sends a beacon where it has none", () => {
    // jsdom's links have no `ping`: as in a browser without it, the beacon counts the click.
    expect("ping" in HTMLAnchorElement.prototype).toBe(false);
    fireEvent.click(renderBanner());
    expect(sent).toEqual([{ kind: "ad-click", adId: 7 }]);
    sent.length = 0;
    Object.defineProperty(HTMLAnchorElement.prototype, "ping", { value: "", configurable: true });
    try {
      const links = screen.getAllByRole("link", { name: /Shop vinyl/ });
      fireEvent.click(links[0] as HTMLElement);
      expect(sent).toEqual([]);
      expect(links[0]).toHaveAttribute("ping", "/api/insights/ad-click/7");
    } finally {
      delete (HTMLAnchorElement.prototype as { ping?: string }).ping;
    }
  });

  it("sends no ping when the visitor asked not to be tracked", () => {
    Object.defineProperty(navigator, "globalPrivacyControl", { value: true, configurable: true });
    const link = renderBanner();
    fireEvent.click(link);
    expect(link).not.toHaveAttribute("ping");
    expect(sent).toEqual([]);
  });
});
