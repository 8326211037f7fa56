import { fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { FALLBACK_IMAGE } from "./fallback-image";
import { MediaCard, MediaCardSkeleton } from "./media-card";

function renderInRouter(ui: ReactNode) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

describe("MediaCard", () => {
  it("is an article with the title as a heading at the level asked for, linking inside the site", () => {
    renderInRouter(
      <MediaCard
        image={{ src: "/art/a.svg", width: 600, height: 600 }}
        title="Late Night Circuits"
        titleAs="h2"
        link={{ to: "/playlist/1" }}
        subtitle="Maya Chen"
        badges={<span>Electronic</span>}
      >
        <p>Updated Jan 5, 2025</p>
      </MediaCard>,
    );
    const card = screen.getByRole("article");
    const heading = within(card).getByRole("heading", { level: 2, name: "Late Night Circuits" });
    expect(within(heading).getByRole("link")).toHaveAttribute("href", "/playlist/1");
    expect(within(card).getByText("Maya Chen")).toBeVisible();
    expect(within(card).getByText("Electronic")).toBeVisible();
    expect(within(card).getByText("Updated Jan 5, 2025")).toBeVisible();
  });

  it("opens another site in a new tab and says so in the link's name", () => {
    renderInRouter(
      <MediaCard
        image={{ src: "/art/a.svg", width: 600, height: 600 }}
        title="Tidal Memory"
        link={{ href: "https://open.spotify.com/album/1", newTabNote: "opens Spotify in a new tab" }}
      />,
    );
    const link = screen.getByRole("link", { name: /^Tidal Memory\s*\(opens Spotify in a new tab\)$/ });
    expect(link).toHaveAttribute("href", "https://open.spotify.com/album/1");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByRole("heading", { level: 3 })).toBe(link.parentElement);
  });

  it("shows the local fallback when the artwork fails to load", () => {
    renderInRouter(
      <MediaCard
        image={{ src: "/art/broken.svg", alt: "Portrait of Maya Chen", width: 400, height: 400 }}
        title="Maya Chen"
      />,
    );
    const image = screen.getByRole("img", { name: "Portrait of Maya Chen" });
    expect(image).toHaveAttribute("src", "/art/broken.svg");
    fireEvent.error(image);
    expect(image).toHaveAttribute("src", FALLBACK_IMAGE);
  });

  it("can be a plain list item whose title is not a heading", () => {
    renderInRouter(
      <ul>
        <MediaCard
          as="li"
          image={{ src: "/art/a.svg", width: 400, height: 400 }}
          title="Luna Vale"
          titleAs="p"
        />
      </ul>,
    );
    expect(screen.getByRole("listitem")).toHaveTextContent("Luna Vale");
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.queryByRole("article")).toBeNull();
  });
});

describe("MediaCardSkeleton", () => {
  it("draws one bar per line and stays out of the accessibility tree", () => {
    const { container } = render(
      <MediaCardSkeleton data-testid="playlist-skeleton" lines={["h-6 w-3/4", "h-10 w-full"]} />,
    );
    const frame = screen.getByTestId("playlist-skeleton");
    // The artwork box plus one bar per line, each hidden from assistive technology.
    expect(frame.querySelectorAll("[aria-hidden='true']")).toHaveLength(3);
    expect(container).not.toHaveTextContent(/./);
  });
});
