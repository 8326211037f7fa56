import { describe, expect, it } from "vitest";
import { findGenreByNameOrSlug, genreLookupKey } from "./genres";

const genres = [
  { name: "Hip-Hop", slug: "hip-hop" },
  { name: "R&B", slug: "r-and-b" },
  { name: "Electronic", slug: "electronic" },
];

describe("genre lookup", () => {
  it("finds a genre by its name in any case, spaces around it ignored", () => {
    expect(findGenreByNameOrSlug(genres, "  hip-HOP ")?.slug).toBe("hip-hop");
    expect(findGenreByNameOrSlug(genres, "r&b")?.name).toBe("R&B");
  });

  it("finds a genre by its slug", () => {
    expect(findGenreByNameOrSlug(genres, "R-AND-B")?.name).toBe("R&B");
  });

  it("finds nothing for an unknown name or a prefix", () => {
    expect(findGenreByNameOrSlug(genres, "Jazz")).toBeUndefined();
    expect(findGenreByNameOrSlug(genres, "Electr")).toBeUndefined();
    expect(findGenreByNameOrSlug([], "Electronic")).toBeUndefined();
  });

  it("keys a name the way the server compares it", () => {
    expect(genreLookupKey(" Indie Rock ")).toBe("indie rock");
  });
});
