// The audit module's public surface: what other modules (and the CLI) may use.

export { activityRoutes } from "./activity.routes";
export { actorOf, cliActor } from "./actor";
export { type Actor, recordChange } from "./audit.repository";
