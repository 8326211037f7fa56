import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Component as PrivacyPage } from "./privacy";

function renderPrivacy() {
  const router = createMemoryRouter([{ path: "*", element: <PrivacyPage /> }], {
    initialEntries: ["/privacy"],
  });
  render(<RouterProvider router={router} />);
}

const text = (name: string) => screen.getByRole("region", { name }).textContent?.replace(/\s+/g, " ") ?? "";

describe("the privacy page", () => {
  it("does not claim an address is never stored: the rate limits keep it for their window", () => {
    renderPrivacy();
    const page = document.body.textContent?.replace(/\s+/g, " ") ?? "";
    expect(page).not.toMatch(/No IP address and no User-Agent is ever stored/);
    expect(page).not.toMatch(/without keeping anything that could tell who you are/);

    const address = text("Your IP address, for limits only");
    // What is kept, where, and for how long.
    expect(address).toContain("the server counts each address's requests for a short time");
    expect(address).toContain("in the server's memory");
    expect(address).toContain("in the site's database");
    expect(address).toContain("at most 25 minutes after your last request");
    expect(address).toContain("15 minutes");
    expect(address).toContain("never written to the server's logs");
  });

  it("still says what counting never keeps", () => {
    renderPrivacy();
    const never = text("What we never keep or do");
    expect(never).toContain("No cookie is set or read to count you");
    expect(never).toContain("No IP address and no User-Agent is kept with what we count");
    expect(text("How we tell visitors apart without a cookie")).toContain("deleted once the day has ended");
  });
});
