/**
 * The player's public entry: what other features may use of the site's one player (its state, its
 * play buttons' status, the episode it plays) and, on demand, of Up next. app/ mounts the dock from
 * `player-dock.tsx` directly: this file names the player's state, which is not part of a page's
 * first load (decision 0019), so the first load never imports it.
 */
export { player, useEpisodePosition, useEpisodeStatus, usePlayerValue } from "./player";
export type { PlayerEpisode } from "./player-types";
export type { QueuePlace } from "./queue-store";

/** Up next and the sleep timer, fetched on first use (a Play next / Play last button's first press). */
export const loadUpNext = () => import("./up-next");
