/**
 * Where the curator console lives: every console address (console-routes.ts) is this one or under
 * it. A module of its own so that the public site's router can tell a console address without
 * carrying the console's route table.
 */
export const CONSOLE_HOME = "/admin";

/** Whether `pathname` is a console address. */
export const isConsolePath = (pathname: string): boolean =>
  pathname === CONSOLE_HOME || pathname.startsWith(`${CONSOLE_HOME}/`);
