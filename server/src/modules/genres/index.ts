// The genres module's public surface: what app.ts and other modules may use.
export { genreOr404 } from "./genre-or-404";
export { createGenresRepository } from "./genres.repository";
export { genresRoutes } from "./genres.routes";
// The one write path for genres, subgenres and genre artists (console API, CLI): genres.writes.ts.
export * as genreWrites from "./genres.writes";
export { genresConsoleRoutes } from "./genres-console.routes";
