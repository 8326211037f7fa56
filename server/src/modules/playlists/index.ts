// The playlists module's public surface: what app.ts and other modules may use.
export { playlistsRoutes } from "./playlists.routes";
