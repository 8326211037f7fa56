// The genres module's public surface: what app.ts and other modules may use.
export { genreOr404 } from "./genre-or-404";
export { createGenresRepository, type GenresRepository } from "./genres.repository";
export { genresRoutes } from "./genres.routes";
