// The federation module's public surface: the club and its shows as fediverse accounts (app.ts).
export { type FederationHandle, federationRoutes } from "./federation.routes";
export { federationConsoleRoutes } from "./federation-console.routes";
