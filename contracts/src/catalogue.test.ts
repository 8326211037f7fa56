import { describe, expect, it } from "vitest";
import { IMAGE_URL_MESSAGE, ImageUrlSchema } from "./catalogue";
import { NewAdSchema } from "./console-ads";
import { CoverUrlSchema } from "./console-playlists";

describe("ImageUrlSchema", () => {
  it.each([
    "/art/cover/late-night-circuits.svg",
    "/images/hero.jpg?v=2",
    "/a//b.png",
    "https://i.scdn.co/image/ab67616d0000b273",
    "http://images.example/cover.png",
  ])("takes %s", (url) => {
    expect(ImageUrlSchema.safeParse(url).success).toBe(true);
  });

  it.each([
    // Browsers read each of these paths as an address on another host (protocol-relative).
    "//evil.example/x.png",
    "/\\evil.example/x.png",
    "\\\\evil.example/x.png",
    "\\/evil.example/x.png",
    "/\t/evil.example/x.png",
    "/\n/evil.example/x.png",
    // A backslash anywhere in a path is read as a slash: never needed by our own images.
    "/art\\..\\..\\x.png",
    "javascript:alert(1)",
    "data:image/svg+xml,<svg/>",
    "evil.example/x.png",
    "",
  ])("refuses %j", (url) => {
    const parsed = ImageUrlSchema.safeParse(url);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(IMAGE_URL_MESSAGE);
  });
});

/** What the console stores, the public answers show through ImageUrlSchema: never more. */
describe("image addresses the console takes", () => {
  const ad = (imageUrl: string) =>
    NewAdSchema.safeParse({
      title: "A",
      description: "B",
      ctaText: "Go",
      ctaUrl: "https://club.example/",
      imageUrl,
      startsAt: "2026-01-01T00:00:00.000Z",
      endsAt: "2026-02-01T00:00:00.000Z",
      weight: 1,
    });

  it.each(["/\\evil.example/x.png", "/art\\..\\x.png", "//evil.example/x.png"])(
    "refuses %j as a cover or an advertisement image",
    (url) => {
      expect(CoverUrlSchema.safeParse(url).success).toBe(false);
      expect(ad(url).error?.issues.map((issue) => issue.path.join("."))).toContain("imageUrl");
    },
  );

  it("takes a path on this site as both", () => {
    expect(CoverUrlSchema.safeParse("/images/cover.png").success).toBe(true);
    expect(ad("/images/ad.png").success).toBe(true);
    expect(ImageUrlSchema.safeParse("/images/cover.png").success).toBe(true);
  });
});
