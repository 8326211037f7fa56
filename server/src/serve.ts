// Starts the server: loads the configuration, opens the database, listens, and closes gracefully on
// SIGTERM/SIGINT. Loaded by server.ts once the runtime is known to be one the club runs on.
import { ConfigError, loadConfig, loadDotEnv } from "./config";
import { DataDirLockedError } from "./db/pglite-lock";
import { startPgliteThread } from "./db/pglite-worker/start-thread";

/** How long the close (in-flight requests, then the database) may take before the process exits. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  // PGlite takes most of a second to start, in its own thread: it starts first, and the rest of the
  // server (most of its code: routes, plugins, drizzle) loads and registers meanwhile. A new folder
  // is made first by a process of its own, which returns the memory that takes when it exits.
  const startedPglite =
    config.database.kind === "pglite"
      ? startPgliteThread(config.database.dataDir, { prepareNewFolderApart: true })
      : undefined;
  const { buildApp } = await import("./app");
  const app = await buildApp(config, { startedPglite });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    closing = true;
    const drainMs = config.shutdownDrainMs;
    app.log.info(
      drainMs > 0
        ? `${signal}: draining for ${drainMs} ms (health checks answer 503), then finishing in-flight requests and closing the database`
        : `${signal}: finishing in-flight requests, then closing the database`,
    );
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, drainMs + SHUTDOWN_GRACE_MS);
    timer.unref();
    // Behind a load balancer: keep answering while its health checks see the 503 and take this
    // server out of rotation, so no request is sent to a server that has stopped listening.
    app.beginDrain();
    new Promise((resolve) => setTimeout(resolve, drainMs))
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, "error while closing");
          process.exit(1);
        },
      );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);

  try {
    await app.listen({ port: config.port, host: config.host });
    // The page renderer loads once the server listens (a page asked for meanwhile waits for it);
    // one that cannot be loaded stops the server, as it stopped the start before.
    await app.loadPageRenderer();
  } catch (error) {
    await app.close();
    throw error;
  }
  app.log.info(
    `${config.site.name} is serving ${config.publicUrl} on Node.js ${process.version} (database: ${app.database.engine})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`The port is already in use: ${(error as Error).message}. Set PORT to a free port.`);
  } else {
    console.error("The server could not start:", error);
  }
  process.exit(1);
});
