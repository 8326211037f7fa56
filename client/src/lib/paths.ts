import { pageRoutes } from "@waveform/contracts/routes";

/** Links to pages, built from the one route table so a link cannot drift from its route. */
export const paths = {
  ...pageRoutes,
  genre: (name: string) => `/genre/${encodeURIComponent(name)}`,
  playlist: (id: string | number) => `/playlist/${encodeURIComponent(String(id))}`,
  show: (slug: string) => `/podcasts/${encodeURIComponent(slug)}`,
  episode: (slug: string, id: number) => `/podcasts/${encodeURIComponent(slug)}/${id}`,
  djSection: "/#dj-section",
  podcastsSection: "/#podcasts",
} as const;
