// The insights module (issue 33): counting without cookies, the console's report, trending.

export { insightsRoutes } from "./insights.routes";
export { insightsConsoleRoutes } from "./insights-console.routes";
export { insightsPlugin } from "./insights-plugin";
export { InsightsRecorder } from "./insights-recorder";
export { EMPTY_CATALOGUE, KnownCatalogueSource } from "./known-catalogue";
