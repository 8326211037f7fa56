// `npm run drill`: fault drills on several servers behind HAProxy, with figures (a benchmark-style
// script, not part of `npm test`). It starts its own PostgreSQL (drill (c) stops and starts it),
// three servers as deploy/waveform@.service runs them and HAProxy with deploy/haproxy.cfg
// (scripts/cluster-lib.mjs), then runs 100 connections of mixed load (pages, API reads, podcast
// searches, newsletter subscriptions; each connection from its own loopback address, so each is
// its own visitor to the rate limits) for DRILL_SECONDS (60), during which:
//   (a) a server gets SIGTERM (and is started again)   (r) HAProxy reloads
//   (b) a server gets SIGKILL (and is started again)   (c) PostgreSQL stops for 20 s
// and afterwards: (d) one visitor's subscriptions against the newsletter limit across the servers,
// (e) a catalogue import with the admin CLI seen by every server, (f) every acknowledged
// subscription in the database, (g) each server's memory before and after. Needs haproxy and
// PostgreSQL's binaries (apt-get install haproxy postgresql).
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { backendStates, request, root, rssMb, startCluster } from "./cluster-lib.mjs";
import { pageLoad, summarise } from "./drill-load.mjs";
import { buildForDrill, drillPrograms, startDrillPostgres } from "./drill-postgres.mjs";

const SECONDS = Number(process.env.DRILL_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.DRILL_CONNECTIONS ?? 100);
const PG_PORT = Number(process.env.DRILL_PG_PORT ?? 55491);
const LB_PORT = Number(process.env.DRILL_PORT ?? 3460);
const NEWSLETTER_LIMIT = 5;
const PG_OUTAGE_S = 20;

// --- what the drill needs -----------------------------------------------------------------------
const programs = drillPrograms("npm run drill");
const { pgCtl } = programs;
const asRoot = process.getuid?.() === 0;
buildForDrill();
const {
  databaseUrl,
  start: pgStart,
  stop: pgStop,
} = startDrillPostgres(programs, { port: PG_PORT, name: "drill", settings: "-c max_connections=200" });
const since = (start) => Date.now() - start;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

let cluster;
try {
  cluster = await startCluster({
    databaseUrl,
    count: 3,
    basePort: LB_PORT + 1,
    port: LB_PORT,
    // No podcast feed is read from the web during a drill (it measures the servers, not the feeds).
    siteEnv: { NEWSLETTER_RATE_LIMIT_PER_MINUTE: String(NEWSLETTER_LIMIT), FEED_REFRESH: "off" },
    log,
  });
  const { servers } = cluster;
  const direct = (server, path) =>
    request(`${server.url}${path}`, { headers: server.headers, timeoutMs: 5000 });
  const waitState = async (name, wanted, timeoutMs = 30_000) => {
    const started = Date.now();
    while (since(started) < timeoutMs) {
      if ((await backendStates(cluster.socket))[name] === wanted) return since(started);
      await sleep(50);
    }
    return null;
  };

  // Warm every server (pages rendered, reads cached) so "before" memory is a running server's.
  for (const server of servers)
    for (const path of ["/", "/genres", "/api/genres", "/api/playlists"]) await direct(server, path);
  const rssBefore = Object.fromEntries(servers.map((server) => [server.name, rssMb(server.child.pid)]));
  const events = [];
  const event = (id, what, figures) => {
    events.push({ id, what, ...figures });
    log(`(${id}) ${what}: ${JSON.stringify(figures)}`);
  };

  // --- the load, with the faults at fixed moments ------------------------------------------------
  log(`load: ${CONNECTIONS} connections for ${SECONDS} s through ${cluster.url}`);
  const load = pageLoad({
    url: cluster.url,
    hostHeader: cluster.headers.host,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  const at = (seconds) => sleep(Math.max(0, seconds * 1000 - since(load.startedAt)));
  const windows = [];

  await at(5);
  {
    const web = servers[0];
    const start = Date.now();
    web.child.kill("SIGTERM");
    const out = await waitState(web.name, "DOWN", 10_000);
    await web.exited;
    const exitedMs = since(start);
    windows.push({ id: "a", from: start - load.startedAt, to: since(load.startedAt) + 2000 });
    await cluster.restart(0);
    const rejoinMs = await waitState(web.name, "UP");
    event("a", `SIGTERM to ${web.name}, started again`, {
      outOfRotationMs: out,
      exitedMs,
      rejoinedMsAfterStart: rejoinMs,
    });
  }

  await at(18);
  {
    const start = Date.now();
    cluster.reloadBalancer();
    await sleep(2000);
    windows.push({ id: "r", from: start - load.startedAt, to: since(load.startedAt) });
    event("r", "HAProxy reload (SIGUSR2 to its master)", {});
  }

  await at(22);
  {
    const web = servers[1];
    const start = Date.now();
    web.child.kill("SIGKILL");
    const downMs = await waitState(web.name, "DOWN", 10_000);
    windows.push({ id: "b", from: start - load.startedAt, to: since(load.startedAt) + 1000 });
    const restartAt = Date.now();
    await web.exited;
    await cluster.restart(1);
    const rejoinMs = await waitState(web.name, "UP");
    event("b", `SIGKILL to ${web.name}, started again`, {
      markedDownMs: downMs,
      rejoinedMs: rejoinMs === null ? null : since(restartAt),
    });
  }

  await at(33);
  {
    const start = Date.now();
    pgStop();
    const stoppedMs = since(start);
    await sleep(1500);
    const healthDuring = await Promise.all(
      servers.map((server) =>
        direct(server, "/api/health").then(
          (a) => a.status,
          () => "error",
        ),
      ),
    );
    const balancer = (path) => {
      const sent = Date.now();
      return request(`${cluster.url}${path}`, { headers: { ...cluster.headers, accept: "text/html" } }).then(
        (answer) =>
          `${answer.status} ${String(answer.headers["content-type"]).split(";")[0]} ${since(sent)} ms` +
          (answer.body.includes("temporarily unavailable") ? " 'temporarily unavailable'" : ""),
        (error) => `error ${error.message}`,
      );
    };
    const balancerHealth = await balancer("/api/health");
    const pageDuring = await balancer("/genres?during-outage");
    const apiDuring = await balancer("/api/playlists/3?during-outage");
    await sleep(Math.max(0, PG_OUTAGE_S * 1000 - since(start)));
    windows.push({ id: "c", from: start - load.startedAt, to: since(load.startedAt) });
    const back = Date.now();
    pgStart();
    const startedMs = since(back);
    const recoveries = await Promise.all(
      servers.map(async (server) => {
        for (;;) {
          const answer = await direct(server, "/api/genres?drill-recovery").catch(() => ({ status: 0 }));
          const health = await direct(server, "/api/health").catch(() => ({ status: 0 }));
          if (answer.status === 200 && health.status === 200) return since(back);
          if (since(back) > 30_000) return null;
          await sleep(50);
        }
      }),
    );
    windows.push({ id: "c+", from: back - load.startedAt, to: since(load.startedAt) });
    event("c", `PostgreSQL stopped for ${PG_OUTAGE_S} s`, {
      healthDuring: healthDuring.join("/"),
      pgStopMs: stoppedMs,
      balancerHealthDuring: balancerHealth,
      pageDuring,
      apiDuring,
      pgStartMs: startedMs,
      recoveredMsAfterPgStart: recoveries.join("/"),
    });
  }

  const results = await load.done;
  log(`load done: ${results.length} requests`);
  writeFileSync(
    join(cluster.dir, "failures.json"),
    JSON.stringify(
      results.filter((result) => result.status === 0 || result.status >= 500),
      null,
      1,
    ),
  );

  // --- after the load -----------------------------------------------------------------------------
  // (d) One visitor (its own address) subscribes 3 × the limit times: the servers share the count.
  {
    const agent = new http.Agent({ keepAlive: false, localAddress: "127.0.2.1" });
    const statuses = [];
    for (let i = 0; i < NEWSLETTER_LIMIT * 3; i++) {
      const answer = await request(`${cluster.url}/api/newsletter/subscribe`, {
        method: "POST",
        agent,
        // The site's own origin, as a browser sends it (a POST with none is refused).
        headers: { ...cluster.headers, "content-type": "application/json", origin: cluster.url },
        body: JSON.stringify({
          email: `limit-${Date.now()}-${i}@example.com`,
          agreeToTerms: true,
          sourcePage: "/",
        }),
      });
      statuses.push(answer.status);
    }
    event("d", `one visitor, ${statuses.length} subscriptions, limit ${NEWSLETTER_LIMIT}/min`, {
      accepted: statuses.filter((status) => status === 200).length,
      limited: statuses.filter((status) => status === 429).length,
      other: statuses.filter((status) => status !== 200 && status !== 429).length,
    });
  }

  // (e) A catalogue import through the admin CLI; every server shows it (each had it cached).
  {
    const file = join(cluster.dir, "catalogue.json");
    const admin = (args) =>
      spawnSync(
        process.execPath,
        [join(root, "node_modules", "tsx", "dist", "cli.mjs"), "server/src/cli/admin.ts", ...args],
        {
          cwd: root,
          env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", LOG_LEVEL: "warn" },
          encoding: "utf8",
        },
      );
    const exported = admin(["catalogue", "export", "-o", file]);
    if (exported.status !== 0) throw new Error(`catalogue export failed: ${exported.stderr}`);
    const catalogue = JSON.parse(readFileSync(file, "utf8"));
    const marker = `Drill ${Date.now()}`;
    catalogue.genres[0].description = `${catalogue.genres[0].description} ${marker}`;
    writeFileSync(file, JSON.stringify(catalogue));
    for (const server of servers) await direct(server, "/api/genres");
    const imported = admin(["catalogue", "import", file]);
    if (imported.status !== 0) throw new Error(`catalogue import failed: ${imported.stderr}`);
    const importedAt = Date.now();
    const seen = await Promise.all(
      servers.map(async (server) => {
        for (;;) {
          const answer = await direct(server, "/api/genres");
          if (answer.body.includes(marker)) return since(importedAt);
          if (since(importedAt) > 10_000) return null;
          await sleep(20);
        }
      }),
    );
    event("e", "catalogue import with `npm run admin -- catalogue import`", {
      visibleMsAfterCliExit: seen.join("/"),
    });
  }

  // (f) Every subscription the servers acknowledged (200) is in the database.
  {
    const acknowledged = results.filter((result) => result.kind === "subscribe" && result.status === 200);
    const emails = acknowledged.map((result) => result.email);
    writeFileSync(join(cluster.dir, "acknowledged.txt"), emails.join("\n"));
    const query = spawnSync(
      asRoot ? "runuser" : join(pgCtl, "..", "psql"),
      [
        ...(asRoot ? ["-u", "postgres", "--", join(pgCtl, "..", "psql")] : []),
        "-h",
        "127.0.0.1",
        "-p",
        String(PG_PORT),
        "-U",
        "postgres",
        "-At",
        "-c",
        "select email from newsletter_subscriptions",
      ],
      { encoding: "utf8" },
    );
    const stored = new Set(query.stdout.split("\n").map((line) => line.trim().toLowerCase()));
    const lost = emails.filter((email) => !stored.has(email.toLowerCase()));
    event("f", "acknowledged subscriptions in the database", {
      acknowledged: emails.length,
      lost: lost.length,
    });
  }

  // (g) Memory: the server that ran throughout, and the restarted ones (since their restart).
  {
    const after = Object.fromEntries(servers.map((server) => [server.name, rssMb(server.child.pid)]));
    event("g", "server memory (RSS MB, before load → after; web1 and web2 were restarted)", {
      ...Object.fromEntries(
        servers.map((server) => [server.name, `${rssBefore[server.name]} → ${after[server.name]}`]),
      ),
    });
  }

  // --- the table ----------------------------------------------------------------------------------
  const cpu = readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/)?.[1] ?? "unknown CPU";
  const cores = readFileSync("/proc/cpuinfo", "utf8").match(/^processor/gm)?.length ?? 0;
  console.log(
    `\nDrill: 3 servers behind HAProxy, PostgreSQL ${PG_PORT}, ${CONNECTIONS} connections, ${SECONDS} s; ${cores} × ${cpu}`,
  );
  console.log("\nLoad, by window (ms from the start of the load):");
  console.table(summarise(results, windows));
  console.log("\nEvents:");
  console.table(events);
  console.log(`Logs: ${cluster.dir}`);
} finally {
  await cluster?.stop().catch(() => {});
}
