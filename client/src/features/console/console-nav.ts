import type { OperatorRole } from "@waveform/contracts/console-auth";
import {
  adminOnlyConsoleRoutes,
  type ConsoleRouteId,
  consoleRoutes,
} from "@waveform/contracts/console-routes";

/** The console's navigation, in this order; labels of pages the others add are here already. */
const NAV: { id: ConsoleRouteId; label: string }[] = [
  { id: "consoleHome", label: "Overview" },
  { id: "consolePlaylists", label: "Playlists" },
  { id: "consolePodcasts", label: "Podcasts" },
  { id: "consoleAds", label: "Advertisements" },
  { id: "consoleSubscribers", label: "Subscribers" },
  { id: "consoleOperators", label: "Operators" },
  { id: "consoleActivity", label: "Activity" },
  { id: "consoleAccount", label: "Account" },
];

/** The links an operator sees: pages that exist and that their role may open. */
export function consoleNav(role: OperatorRole, built: readonly ConsoleRouteId[]) {
  return NAV.filter(
    ({ id }) => built.includes(id) && (role === "admin" || !adminOnlyConsoleRoutes.includes(id)),
  ).map(({ id, label }) => ({ id, label, to: consoleRoutes[id] }));
}
