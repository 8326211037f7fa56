// The playlists module's public surface: what app.ts and other modules may use.
export { playlistsRoutes } from "./playlists.routes";
// The one write path for playlists (console API, CLI): see playlists.writes.ts.
export * as playlistWrites from "./playlists.writes";
export { createConsolePlaylistsRepository } from "./playlists-console.repository";
export { playlistsConsoleRoutes } from "./playlists-console.routes";
