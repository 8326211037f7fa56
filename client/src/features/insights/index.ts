/**
 * The insights beacon's public entry: `track` sends an event (a play, a search, a banner's impression)
 * unless the visitor opted out. app/ reports navigations with `navigation-views.ts` directly.
 */
export { optedOut } from "./opt-out";
export { adClickPingPath, track } from "./track";
