// The artwork module's public surface: what app.ts and other modules may use.
export { type ArtKind, artUrl, imageOrArt } from "./art-urls";
export { artworkRoutes } from "./artwork.routes";
export { renderArtwork } from "./artwork-svg";
