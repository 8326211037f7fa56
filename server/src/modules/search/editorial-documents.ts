import { CHART_PERIOD_LABELS, CHART_PERIODS, charts } from "@waveform/contracts/charts";
import { products } from "@waveform/contracts/merchandise";
import { pageTitles } from "@waveform/contracts/page-titles";
import { partnerFaq, partners } from "@waveform/contracts/partners";
import { pageRoutes } from "@waveform/contracts/routes";
import { spotlightArtists } from "@waveform/contracts/spotlight-artists";
import type { SearchDocument } from "./search-document";

/**
 * What the client renders from its own data modules (contracts/src: merchandise, spotlight
 * artists, partners, charts) and the editorial pages, from those same modules: nothing typed twice.
 */
export function editorialDocuments(): SearchDocument[] {
  const docs: SearchDocument[] = products.map((product) => ({
    kind: "merchandise",
    key: product.id,
    title: product.name,
    subtitle: `${product.category} · $${product.price.toFixed(2)}`,
    image: product.imageUrl,
    href: `/merchandise?id=${encodeURIComponent(product.id)}`,
    popularity: (product.featured ? 1 : 0) + (product.inStock ? 1 : 0),
    fields: [product.description, product.artist, product.genre, product.category],
  }));
  for (const artist of spotlightArtists) {
    docs.push({
      kind: "artist",
      key: `spotlight/${artist.id}`,
      title: artist.name,
      subtitle: `Artist spotlight · ${artist.genre}`,
      image: artist.imageUrl,
      href: pageRoutes.artistSpotlight,
      popularity: 1,
      fields: [artist.genre, artist.location, artist.latestRelease.title, artist.bio],
    });
  }
  const chartEntries = CHART_PERIODS.flatMap((period) => charts[period]);
  docs.push(
    {
      kind: "page",
      key: "streaming-partners",
      title: pageTitles.streamingPartners,
      subtitle: "Page · Where to listen",
      image: null,
      href: pageRoutes.streamingPartners,
      fields: [
        ...partners.flatMap((partner) => [partner.name, partner.description, ...partner.features]),
        ...partnerFaq.map((entry) => entry.question),
      ],
    },
    {
      kind: "page",
      key: "charts",
      title: pageTitles.charts,
      subtitle: `Page · ${CHART_PERIODS.map((period) => CHART_PERIOD_LABELS[period]).join(", ")} charts`,
      image: null,
      href: pageRoutes.charts,
      fields: [...new Set(chartEntries.flatMap((entry) => [entry.title, entry.artist]))],
    },
    {
      kind: "page",
      key: "about",
      title: pageTitles.about,
      subtitle: "Page · Who we are, the team, how to reach us",
      image: null,
      href: pageRoutes.about,
      fields: ["team contact community mission"],
    },
    {
      kind: "page",
      key: "artist-spotlight",
      title: pageTitles.artistSpotlight,
      subtitle: "Page · Emerging artists",
      image: null,
      href: pageRoutes.artistSpotlight,
      fields: spotlightArtists.map((artist) => artist.name),
    },
  );
  return docs;
}
