import type { CatalogueFile } from "../../modules/catalogue-io/index";

type AdSeed = Omit<CatalogueFile["advertisements"][number], "imageUrl">;

/** One live sponsorship and one that has ended (kept for the record, never served). */
export const adSeeds: AdSeed[] = [
  {
    slug: "bandcamp-independent-artists",
    title: "Buy music straight from the artists",
    description:
      "Most of what you pay on Bandcamp goes to the musicians and labels who made it. Find your next record and keep the scene alive.",
    ctaText: "Explore Bandcamp",
    ctaUrl: "https://bandcamp.com/",
    active: true,
    startsAt: "2026-11-01T00:00:00Z",
    endsAt: "2027-01-31T23:59:59Z",
    weight: 10,
  },
  {
    slug: "record-store-day-2026",
    title: "Record Store Day 2026",
    description: "Exclusive vinyl pressings at independent record shops, for one day only.",
    ctaText: "Find a store",
    ctaUrl: "https://recordstoreday.com/",
    active: true,
    startsAt: "2026-03-01T00:00:00Z",
    endsAt: "2026-07-15T23:59:59Z",
    weight: 5,
  },
];
