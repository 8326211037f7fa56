// The spotify module's public surface: what app.ts and other modules may use.
export { spotifyRoutes } from "./spotify.routes";
