// `npm run drill:insights` (issue 33; a benchmark-style script, not part of `npm test`): three
// servers as deploy/waveform@.service runs them, behind HAProxy (deploy/haproxy.cfg), on one
// PostgreSQL the drill starts itself (scripts/cluster-lib.mjs), and DRILL_VIEWS (50,000) page views
// spread over them through the balancer: a fifth as server-rendered pages (GET, counted as served),
// the rest in beacons of 20 (POST /api/insights/events), from DRILL_VISITORS (1,000) visitors (each
// its own X-Forwarded-For address and browser). Then every server is sent SIGTERM (each flushes on
// close) and the database's totals are compared with what was sent: page views per path, and the
// day's unique visitors. Before that, what `kill -9` loses: beacons of `/merchandise` views sent to
// one server for 2.5 flush intervals (INSIGHTS_FLUSH_MS, 2,000), then SIGKILL; the views it
// acknowledged but never wrote are compared with those of its last flush interval (the bound the
// docs/features.md states, under insights). Needs haproxy and PostgreSQL's binaries (apt-get install haproxy postgresql).
import http from "node:http";
import pg from "pg";
import { startCluster } from "./cluster-lib.mjs";
import { buildForDrill, drillPrograms, startDrillPostgres } from "./drill-postgres.mjs";

const VIEWS = Number(process.env.DRILL_VIEWS ?? 50_000);
const VISITORS = Number(process.env.DRILL_VISITORS ?? 1000);
const PG_PORT = Number(process.env.DRILL_PG_PORT ?? 55460);
const LB_PORT = Number(process.env.DRILL_PORT ?? 4165);
const FLUSH_MS = Number(process.env.INSIGHTS_FLUSH_MS ?? 2000);
const CONCURRENCY = 32;
const PATHS = [
  "/",
  "/playlists",
  "/genres",
  "/podcasts",
  "/about",
  "/charts",
  "/playlist/1",
  "/new-releases",
];

const programs = drillPrograms("npm run drill:insights");
buildForDrill();
const { databaseUrl } = startDrillPostgres(programs, {
  port: PG_PORT,
  name: "insights-drill",
  settings: "-c max_connections=100",
});
const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const visitorHeaders = (visitor) => ({
  "x-forwarded-for": `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
  "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${visitor}.0 Safari/537.36`,
});

/** Sends `jobs` (each { method, path, body?, visitor }) through the balancer, CONCURRENCY at a time. */
async function send(url, host, jobs) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const statuses = {};
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const status = await new Promise((resolve) => {
        const request = http.request(
          `${url}${job.path}`,
          {
            method: job.method,
            agent,
            headers: {
              host,
              ...visitorHeaders(job.visitor),
              ...(job.body && { "content-type": "application/json", "sec-fetch-site": "same-origin" }),
            },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode));
          },
        );
        request.on("error", () => resolve("error"));
        request.end(job.body);
      });
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return statuses;
}

async function totals(client) {
  const views = await client.query(
    "select item, sum(count)::int as n from insight_counts where metric = 'pageview' group by item order by item",
  );
  // Visitors of the load's pages (the kill -9 part's visitors viewed another page); metric 1 is a
  // page's (UNIQUE_CODE.page in server/src/modules/insights/insights-buffer.ts).
  const visitors = await client.query(
    "select count(distinct visitor)::int as n from insight_visitors where metric = 1 and item = any($1)",
    [PATHS],
  );
  return {
    views: Object.fromEntries(views.rows.map((row) => [row.item, row.n])),
    visitors: visitors.rows[0].n,
  };
}

let cluster;
const client = new pg.Client({ connectionString: databaseUrl });
try {
  cluster = await startCluster({
    databaseUrl,
    count: 3,
    basePort: LB_PORT + 1,
    port: LB_PORT,
    siteEnv: { FEED_REFRESH: "off", INSIGHTS_FLUSH_MS: String(FLUSH_MS), SHUTDOWN_DRAIN_MS: "0" },
    log,
  });
  await client.connect();
  const before = await totals(client); // the start's own health checks are no page views
  // What is sent: page views per path, by visitor, as pages (a fifth) and beacons of 20.
  const sent = Object.fromEntries(PATHS.map((path) => [path, 0]));
  const jobs = [];
  const pages = Math.floor(VIEWS / 5);
  for (let i = 0; i < pages; i++) {
    const path = PATHS[i % PATHS.length];
    sent[path]++;
    jobs.push({ method: "GET", path, visitor: i % VISITORS });
  }
  for (let i = pages; i < VIEWS; i += 20) {
    const events = [];
    for (let n = i; n < Math.min(VIEWS, i + 20); n++) {
      const path = PATHS[(n * 7) % PATHS.length];
      sent[path]++;
      events.push({ kind: "pageview", path });
    }
    jobs.push({
      method: "POST",
      path: "/api/insights/events",
      body: JSON.stringify(events),
      visitor: (i / 20) % VISITORS,
    });
  }
  log(
    `sending ${VIEWS} page views (${pages} pages, ${jobs.length - pages} beacons) from ${VISITORS} visitors`,
  );
  const started = Date.now();
  const statuses = await send(cluster.url, cluster.headers.host, jobs);
  const seconds = (Date.now() - started) / 1000;
  log(
    `sent in ${seconds.toFixed(1)} s (${Math.round(VIEWS / seconds)} views/s): answers ${JSON.stringify(statuses)}`,
  );
  // kill -9: one server, beacons of 20 views of a path the load above does not use, then SIGKILL.
  const killed = cluster.servers[0];
  const acks = [];
  const killAt = Date.now() + FLUSH_MS * 2.5;
  const beacon = JSON.stringify(
    Array.from({ length: 20 }, () => ({ kind: "pageview", path: "/merchandise" })),
  );
  const killAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const sender = async (lane) => {
    for (let n = 0; Date.now() < killAt; n++) {
      const status = await new Promise((resolve) => {
        const request = http.request(
          `${killed.url}/api/insights/events`,
          {
            method: "POST",
            agent: killAgent,
            headers: {
              ...killed.headers,
              ...visitorHeaders(lane * 1000 + (n % 1000)),
              "content-type": "application/json",
              "sec-fetch-site": "same-origin",
            },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode));
          },
        );
        request.on("error", () => resolve("error"));
        request.end(beacon);
      });
      if (status === 204) acks.push(Date.now());
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, lane) => sender(lane)));
  killed.child.kill("SIGKILL");
  const killedAt = Date.now();
  await killed.exited;
  killAgent.destroy();
  const acknowledged = acks.length * 20;
  const lastInterval = acks.filter((at) => at > killedAt - FLUSH_MS).length * 20;
  const beforeStop = await totals(client);
  const inDbBeforeFlush = PATHS.reduce((n, path) => n + (beforeStop.views[path] ?? 0), 0);
  await cluster.stop(); // SIGTERM: each server writes what it holds as it closes
  const after = await totals(client);
  const stored = Object.fromEntries(
    PATHS.map((path) => [path, (after.views[path] ?? 0) - (before.views[path] ?? 0)]),
  );
  const storedSum = Object.values(stored).reduce((a, b) => a + b, 0);
  const exact = PATHS.every((path) => stored[path] === sent[path]);
  console.table(
    PATHS.map((path) => ({
      path,
      sent: sent[path],
      stored: stored[path],
      equal: stored[path] === sent[path],
    })),
  );
  const figures = {
    "page views sent": VIEWS,
    "in the database before the servers stopped": inDbBeforeFlush,
    "after SIGTERM (flush on close)": storedSum,
    "unique visitors sent": VISITORS,
    "unique visitors stored": after.visitors,
    exact: exact && after.visitors === VISITORS,
    "views/s through HAProxy": Math.round(VIEWS / seconds),
    "kill -9: views acknowledged by the killed server": acknowledged,
    "kill -9: of them stored": after.views["/merchandise"] ?? 0,
    "kill -9: lost": acknowledged - (after.views["/merchandise"] ?? 0),
    "kill -9: acknowledged in its last flush interval (the bound)": lastInterval,
  };
  figures["kill -9: lost at most one flush interval"] = figures["kill -9: lost"] <= lastInterval;
  console.log(JSON.stringify(figures, null, 2));
  if (!figures.exact || !figures["kill -9: lost at most one flush interval"]) process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
  if (cluster) await cluster.stop().catch(() => {});
}
