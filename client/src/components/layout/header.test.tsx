import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Header } from "./header";
import { navLinks } from "./nav-links";
import { ThemeProvider } from "./theme-provider";

function renderHeader() {
  const router = createMemoryRouter([{ path: "*", element: <Header /> }], { initialEntries: ["/genres"] });
  render(
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

describe("Header", () => {
  it("lists the header's links in order, marks the current page, and has no charts link", () => {
    renderHeader();
    const nav = screen.getByRole("navigation", { name: "Main" });
    const links = within(nav).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(navLinks.map((link) => link.label));
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/",
      "/genres",
      "/playlists",
      "/podcasts",
      "/merchandise",
      "/streaming-partners",
      "/artist-spotlight",
      "/#dj-section",
      "/playlist-creator",
      "/spotify-test",
    ]);
    expect(within(nav).getByRole("link", { name: "Genres" })).toHaveAttribute("aria-current", "page");
    expect(screen.queryByRole("link", { name: /charts/i })).toBeNull();
  });

  it("has a compact menu that opens without script: a popover the Menu button shows", () => {
    // jsdom has no Popover API: the opening, Escape and closing on a link are browser journeys
    // (e2e/layout.spec.ts, phone width).
    renderHeader();
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveAttribute("popovertarget", "mobile-menu");
    expect(button).toHaveAttribute("aria-controls", "mobile-menu");
    const menu = document.getElementById("mobile-menu") as HTMLElement;
    expect(menu).toHaveAttribute("popover", "auto");
    expect(menu).toHaveAttribute("aria-label", "Mobile");
    expect(
      within(menu)
        .getAllByRole("link", { hidden: true })
        .map((link) => link.textContent),
    ).toEqual(navLinks.map((link) => link.label));
  });

  it("switches and remembers the theme", async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole("button", { name: "Light theme" }));
    expect(screen.getByRole("button", { name: "Light theme" })).toHaveAttribute("aria-pressed", "true");
    expect(document.documentElement).toHaveClass("light");
    expect(localStorage.getItem("waveform-theme")).toBe("light");
  });
});
