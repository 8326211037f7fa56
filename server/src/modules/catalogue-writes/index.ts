// The catalogue-writes module's public surface (decision 0018): the transaction every console write
// of catalogue content (playlists, releases, genres) runs in, and the error a refused write throws.

export { CatalogueWriteError, inCatalogueWrite } from "./catalogue-write";
