// The catalogue-io module's public surface: the catalogue file and its import and export, used by the
// admin CLI and the seed.
export { type CatalogueFile, parseCatalogueFile } from "./catalogue-file";
export { exportCatalogue, type ImportSummary, importCatalogue } from "./catalogue-io";
