import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { artSizes, FALLBACK_IMAGE, FallbackImage } from "./fallback-image";

describe("FallbackImage", () => {
  it("shows our generated artwork as WebP at the widths a browser may pick, sized as laid out when lazy", () => {
    render(<FallbackImage src="/art/cover/golden-era.svg" alt="Golden Era" width={600} height={600} />);
    const image = screen.getByRole("img", { name: "Golden Era" });
    expect(image).toHaveAttribute("src", "/art/cover/golden-era.svg");
    expect(image.getAttribute("srcset")).toBe(
      "/art/cover/golden-era.webp?w=160 160w, /art/cover/golden-era.webp?w=320 320w, " +
        "/art/cover/golden-era.webp?w=640 640w, /art/cover/golden-era.webp?w=960 960w, " +
        "/art/cover/golden-era.webp?w=1280 1280w",
    );
    expect(image).toHaveAttribute("sizes", "auto, min(600px, 100vw)");
    expect(image).toHaveAttribute("loading", "lazy");
  });

  it("sizes an eager image by its width or the window, as `auto` is for lazy images only", () => {
    render(<FallbackImage src="/art/site/hero.svg" alt="" width={1600} height={900} loading="eager" />);
    expect(document.querySelector("img")).toHaveAttribute("sizes", "min(1600px, 100vw)");
    expect(artSizes(56, "lazy")).toBe("auto, min(56px, 100vw)");
  });

  it("shows any other image as it is", () => {
    render(<FallbackImage src="/partners/spotify.svg" alt="Spotify" width={48} height={48} />);
    const image = screen.getByRole("img", { name: "Spotify" });
    expect(image).toHaveAttribute("src", "/partners/spotify.svg");
    expect(image).not.toHaveAttribute("srcset");
    expect(image).not.toHaveAttribute("sizes");
  });

  it("falls back to the local image, WebPs and all, when the artwork fails", () => {
    render(<FallbackImage src="/art/cover/broken.svg" alt="Broken" width={600} height={600} />);
    const image = screen.getByRole("img", { name: "Broken" });
    fireEvent.error(image);
    expect(image).toHaveAttribute("src", FALLBACK_IMAGE);
    expect(image).not.toHaveAttribute("srcset");
    expect(image).not.toHaveAttribute("sizes");
  });
});
