import { describe, expect, it } from "vitest";
import { normaliser, type SearchDocument, toRow } from "./search-document";
import { normaliseText } from "./search-text";

const track = (title: string, artist: string): SearchDocument => ({
  kind: "track",
  key: title,
  title,
  subtitle: artist,
  image: null,
  href: "/",
  fields: [artist],
  names: [artist],
});

describe("normaliser", () => {
  it("answers what normaliseText answers, the first time and after", () => {
    const normalise = normaliser();
    for (const text of ["Beyoncé", "R&B", "José González", "Beyoncé", "don't", "R&B", ""])
      expect(normalise(text), text).toBe(normaliseText(text));
  });

  it("makes the same rows as toRow without one", () => {
    const normalise = normaliser();
    const docs = [
      track("Crazy in Love", "Beyoncé"),
      track("Halo", "Beyoncé"),
      track("Heartbeats", "José González"),
    ];
    expect(docs.map((doc) => toRow("catalogue", doc, normalise))).toEqual(
      docs.map((doc) => toRow("catalogue", doc)),
    );
  });
});
