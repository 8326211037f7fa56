import { describe, expect, it } from "vitest";
import { rasterImageType } from "./subjects";

describe("a post's cover image", () => {
  it("is attached when fediverse servers show it: PNG, JPEG, WebP, GIF, AVIF, by the address's extension", () => {
    expect(rasterImageType("/covers/late-night.png")).toBe("image/png");
    expect(rasterImageType("https://images.example/a/b.JPG?w=640#top")).toBe("image/jpeg");
    expect(rasterImageType("https://images.example/cover.jpeg")).toBe("image/jpeg");
    expect(rasterImageType("https://images.example/cover.webp")).toBe("image/webp");
  });

  it("is not attached when it is our own drawing (SVG) or says nothing of its type", () => {
    expect(rasterImageType("/art/cover/late-night-circuits.svg")).toBeNull();
    expect(rasterImageType("https://images.example/cover")).toBeNull();
    expect(rasterImageType("https://images.example.png/cover")).toBeNull();
  });
});
