import { describe, expect, it } from "vitest";
import { baseName, bestMatch, normalise } from "./best-match";

const item = (uri: string, name: string, ...artists: string[]) => ({
  uri,
  name,
  artists: artists.map((a) => ({ name: a })),
});

describe("bestMatch", () => {
  it("normalises case, accents and punctuation", () => {
    expect(normalise("Beyoncé – Halo!")).toBe("beyonce halo");
    expect(normalise("Simon & Garfunkel")).toBe("simon and garfunkel");
    expect(baseName("Baby - 2011 Remaster")).toBe("baby");
    expect(baseName("Tidal Memory (Deluxe Edition)")).toBe("tidal memory");
    expect(baseName("Song (feat. Someone)")).toBe("song");
  });

  it("does not take the first hit blindly: a cover by someone else loses to the artist's own", () => {
    const found = bestMatch(
      [item("spotify:track:cover", "Baby", "Cover Band"), item("spotify:track:own", "Baby", "Four Tet")],
      "Baby",
      "Four Tet",
    );
    expect(found?.uri).toBe("spotify:track:own");
  });

  it("prefers the exact name over a version, and takes a version when that is all there is", () => {
    const remaster = item("spotify:track:remaster", "Baby - 2011 Remaster", "Four Tet");
    const exact = item("spotify:track:exact", "baby", "FOUR TET");
    expect(bestMatch([remaster, exact], "Baby", "Four Tet")?.uri).toBe("spotify:track:exact");
    expect(bestMatch([remaster], "Baby", "Four Tet")?.uri).toBe("spotify:track:remaster");
  });

  it("finds nothing when the title or the artist differs", () => {
    expect(bestMatch([item("spotify:track:a", "Babylon", "Four Tet")], "Baby", "Four Tet")).toBeNull();
    expect(bestMatch([item("spotify:track:b", "Baby", "Justin Bieber")], "Baby", "Four Tet")).toBeNull();
    expect(bestMatch([], "Baby", "Four Tet")).toBeNull();
  });

  it("accepts one artist of a shared credit", () => {
    const found = bestMatch(
      [item("spotify:track:duet", "Under Pressure", "Queen", "David Bowie")],
      "Under Pressure",
      "Queen & David Bowie",
    );
    expect(found?.uri).toBe("spotify:track:duet");
  });
});
