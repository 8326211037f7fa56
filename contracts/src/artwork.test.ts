import { describe, expect, it } from "vitest";
import { ART_RASTER_WIDTHS, artRasterSrcSet } from "./artwork";

describe("artRasterSrcSet", () => {
  it("offers our generated artwork at every raster width, as WebP", () => {
    expect(artRasterSrcSet("/art/cover/late-night-circuits.svg")).toBe(
      ART_RASTER_WIDTHS.map((w) => `/art/cover/late-night-circuits.webp?w=${w} ${w}w`).join(", "),
    );
    expect(artRasterSrcSet("/art/artist/nova%20reyes.svg")).toContain(
      "/art/artist/nova%20reyes.webp?w=320 320w",
    );
  });

  it("leaves every other image as it is", () => {
    for (const src of [
      "https://i.scdn.co/image/ab67616d0000b273",
      "/fallback/cover.svg",
      "/partners/spotify.svg",
      "/art/podcast/club-show.png",
      "/art/cover/x.svg?v=2",
      "//evil.example/art/cover/x.svg",
    ]) {
      expect(artRasterSrcSet(src)).toBeNull();
    }
  });
});
