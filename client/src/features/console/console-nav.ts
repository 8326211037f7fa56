import type { OperatorRole } from "@waveform/contracts/console-auth";
import {
  adminOnlyConsoleRoutes,
  type ConsoleRouteId,
  consoleRoutes,
} from "@waveform/contracts/console-routes";

/** The console's navigation, in this order. */
const NAV: { id: ConsoleRouteId; label: string; about: string }[] = [
  { id: "consoleHome", label: "Overview", about: "" },
  {
    id: "consoleInsights",
    label: "Insights",
    about: "Visits, plays, downloads, empty searches and sponsors, counted without cookies.",
  },
  {
    id: "consolePlaylists",
    label: "Playlists",
    about: "Create, edit, order and publish the club's playlists.",
  },
  { id: "consoleReleases", label: "Releases", about: "Add and edit the new releases page's albums." },
  {
    id: "consoleGenres",
    label: "Genres",
    about: "Genre texts, colours, subgenres and artists.",
  },
  { id: "consolePodcasts", label: "Podcasts", about: "Add feeds, refresh them, feature shows." },
  { id: "consoleAds", label: "Advertisements", about: "Schedule the banner on the home page." },
  {
    id: "consoleNewsletter",
    label: "Newsletter",
    about: "Write issues, preview and send them; the welcome mail.",
  },
  { id: "consoleSubscribers", label: "Subscribers", about: "Newsletter counts, search, export, removal." },
  {
    id: "consoleFediverse",
    label: "Fediverse",
    about: "Followers on Mastodon and beyond, replies to moderate, blocks, deliveries.",
  },
  { id: "consoleOperators", label: "Operators", about: "Who may use the console, and their roles." },
  { id: "consoleActivity", label: "Activity", about: "Every change, who made it and when." },
  { id: "consoleAccount", label: "Account", about: "Your two-step sign-in and sessions." },
];

/** The links an operator sees: the pages their role may open. */
export function consoleNav(role: OperatorRole) {
  return NAV.filter(({ id }) => role === "admin" || !adminOnlyConsoleRoutes.includes(id)).map(
    ({ id, label, about }) => ({ id, label, about, to: consoleRoutes[id] }),
  );
}
