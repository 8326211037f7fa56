// `npm run bench:federation`: one new episode of a club show sent to 10,000 fediverse followers on
// 500 simulated instances, measured, then the same with a server killed (SIGKILL) mid fan-out.
// A benchmark-style script, not part of `npm test`. It starts its own PostgreSQL and one HTTP
// server that plays the 500 instances: each instance is its own loopback address (127.1.x.y, all
// of 127.0.0.0/8 is this machine on Linux) with a shared inbox that answers in 20–200 ms, and 2 %
// of the instances answer 503 to their first delivery (the retry policy brings it again later).
//   (A) one server behind HAProxy: time from the episode's row to the first and to the last
//       delivery, the server's peak RSS, and the p99 of page answers (`/`, `/playlists`, 10
//       connections) during the fan-out beside the p99 without it;
//   (B) two servers on the same PostgreSQL, both delivering from the shared queue; once half the
//       instances have the post, the first server is killed with SIGKILL and started again: every inbox
//       must get the post (missing ones fail the drill); a second copy of the same activity id at
//       one inbox is counted and reported (receivers deduplicate by id).
// Needs haproxy and PostgreSQL's binaries. Settings: BENCH_FOLLOWERS (10000), BENCH_INSTANCES
// (500), BENCH_PHASES (A,B), DRILL_PG_PORT (55480), BENCH_INBOX_PORT (4251), DRILL_PORT (4252),
// DRILL_SKIP_BUILD=1 (after a build).
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";
import autocannon from "autocannon";
import { root, rssMb, startCluster } from "./cluster-lib.mjs";
import { buildForDrill, drillPrograms, startDrillPostgres } from "./drill-postgres.mjs";
import { percentile } from "./percentile.mjs";

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 10_000);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 500);
const FAILING_SHARE = 0.02;
const PHASES = (process.env.BENCH_PHASES ?? "A,B").split(",");
const PG_PORT = Number(process.env.DRILL_PG_PORT ?? 55480);
const INBOX_PORT = Number(process.env.BENCH_INBOX_PORT ?? 4251);
const LB_PORT = Number(process.env.DRILL_PORT ?? 4252);
const BROWSER_HEADERS = {
  "accept-encoding": "gzip, deflate, br, zstd",
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/143.0.0.0 Safari/537.36",
};

const serverRequire = createRequire(join(root, "server", "package.json"));
const pgModule = serverRequire("pg");
const programs = drillPrograms("npm run bench:federation");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
buildForDrill();

const { databaseUrl } = startDrillPostgres(programs, {
  port: PG_PORT,
  name: "fedi-bench",
  settings: "-c max_connections=200",
});
const db = new pgModule.Pool({ connectionString: databaseUrl, max: 2 });
const one = async (text, values) => (await db.query(text, values)).rows[0];

// --- the 500 instances: one server, one loopback address each -------------------------------------
const hostOf = (i) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const failing = new Set(
  Array.from({ length: Math.round(INSTANCES * FAILING_SHARE) }, (_, k) =>
    hostOf(Math.floor(k / FAILING_SHARE)),
  ),
);
const inboxes = {
  /** `${host} ${activity id}` → copies received. */
  copies: new Map(),
  /** Hosts that refused once already. */
  refused: new Set(),
  times: [],
};
const instances = createServer((request, response) => {
  const host = (request.headers.host ?? "").split(":")[0];
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const delay = 20 + Math.random() * 180;
    setTimeout(() => {
      if (request.method !== "POST") {
        response.writeHead(404).end();
        return;
      }
      if (failing.has(host) && !inboxes.refused.has(host)) {
        inboxes.refused.add(host);
        response.writeHead(503, { "retry-after": "1" }).end("down for a moment");
        return;
      }
      let activity;
      try {
        activity = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        response.writeHead(400).end();
        return;
      }
      const key = `${host} ${activity.id}`;
      inboxes.copies.set(key, (inboxes.copies.get(key) ?? 0) + 1);
      inboxes.times.push(Date.now());
      response.writeHead(202).end();
    }, delay);
  });
});
await new Promise((resolve) => instances.listen(INBOX_PORT, "0.0.0.0", resolve));

const siteEnv = {
  FEDERATION: "on",
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: "true",
  FEED_REFRESH: "off",
  INSIGHTS: "false",
};

async function waitUntil(check, timeoutMs, what) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
  return Date.now() - started;
}

/** A new episode of the show, as ingestion writes one: a copy of its latest with a new guid and title. */
async function addEpisode(podcastId, label) {
  const row = await one(
    `insert into episodes (podcast_id, guid, title, description, show_notes, audio_url, duration_seconds, published_at, image_url)
     select podcast_id, $2, $3, description, show_notes, audio_url, duration_seconds, now(), image_url
       from episodes where podcast_id = $1 and audio_url is not null order by published_at desc nulls last limit 1
     returning id`,
    [podcastId, `bench-${label}-${Date.now()}`, `Bench episode ${label}`],
  );
  return row.id;
}

/** The Create of the episode's post, as the instances see its id. */
const createIdOf = async (episodeId) => {
  const post = await one(
    "select id from federation_posts where subject_kind = 'episode' and subject_id = $1",
    [episodeId],
  );
  return post ? `/ap/notes/${post.id}#create` : null;
};
const instancesWith = (suffix) => {
  const hosts = new Set();
  for (const key of inboxes.copies.keys()) if (key.endsWith(suffix)) hosts.add(key.split(" ")[0]);
  return hosts.size;
};
function copiesOf(suffix) {
  let missing = 0;
  let twice = 0;
  for (let i = 0; i < INSTANCES; i++) {
    const host = hostOf(i);
    const copies = [...inboxes.copies.entries()]
      .filter(([key]) => key.startsWith(`${host} `) && key.endsWith(suffix))
      .reduce((sum, [, n]) => sum + n, 0);
    if (copies === 0) missing += 1;
    if (copies > 1) twice += 1;
  }
  return { missing, twice };
}

function load(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: 10, duration: seconds, headers: { ...BROWSER_HEADERS, host: new URL(url).host } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}
/** p99 of page answers while `during` runs (or for `seconds`), `/` and `/playlists` in turn. */
async function pageP99(base, until) {
  const latencies = [];
  do {
    for (const path of ["/", "/playlists"]) {
      const result = await load(`${base}${path}`, 3);
      latencies.push(result.latency.p99);
    }
  } while (until && !(await until()));
  return Math.max(...latencies);
}

async function seedFollowers(accountKey) {
  await db.query("delete from federation_followers where account_key = $1", [accountKey]);
  await db.query(
    `insert into federation_followers (account_key, actor_id, handle, name, inbox, shared_inbox, instance, follow_id, state)
     select $1,
            'http://' || h.host || ':' || $3 || '/users/u' || i,
            '@u' || i || '@' || h.host,
            'Listener ' || i,
            'http://' || h.host || ':' || $3 || '/users/u' || i || '/inbox',
            'http://' || h.host || ':' || $3 || '/inbox',
            h.host,
            'http://' || h.host || ':' || $3 || '/follows/' || i,
            'accepted'
       from generate_series(0, $2::int - 1) as i
       cross join lateral (select '127.1.' || ((i % $4::int) / 250) || '.' || ((i % $4::int) % 250 + 1) as host) as h`,
    [accountKey, FOLLOWERS, INBOX_PORT, INSTANCES],
  );
}

async function phase({ label, count, basePort, port, kill }) {
  /** When the publication job may run next (0 before the database has its tables). */
  const publishedUntil = async () => {
    const lease = await one("select not_before from job_leases where name = 'federation-publish'").catch(
      () => undefined,
    );
    return lease?.not_before?.getTime() ?? 0;
  };
  const lastRunBefore = await publishedUntil();
  const cluster = await startCluster({ databaseUrl, count, basePort, port, siteEnv, log });
  try {
    // A server checks its jobs a minute after it starts; the publication job's first run ever records
    // the back catalogue without sending. Measured from this cluster's first run on: the figures are
    // those of servers that are up, not of a start.
    await waitUntil(
      async () =>
        Number((await one("select count(*) as n from federation_posts")).n) > 0 &&
        (await publishedUntil()) > lastRunBefore,
      180_000,
      "the first publication run",
    );
    const show = await one(
      "select id, slug from podcasts where feed_url like 'seed:%' or feed_url like 'file:%' order by slug limit 1",
    );
    const accountKey = `show-${show.slug}`;
    await seedFollowers(accountKey);
    log(`${label}: ${FOLLOWERS} followers of @${show.slug} on ${INSTANCES} instances`);
    const quietP99 = kill ? null : await pageP99(cluster.url);
    inboxes.refused.clear();
    const peak = { rss: 0 };
    const sampler = setInterval(() => {
      for (const server of cluster.servers) {
        try {
          peak.rss = Math.max(peak.rss, rssMb(server.child.pid));
        } catch {
          // killed
        }
      }
    }, 200);
    const insertedAt = Date.now();
    const episodeId = await addEpisode(show.id, label.slice(1, 2));
    await waitUntil(async () => (await createIdOf(episodeId)) !== null, 120_000, "the post");
    const suffix = await createIdOf(episodeId);
    const firstCount = inboxes.times.length;
    let killed = null;
    const allThere = async () => instancesWith(suffix) >= INSTANCES;
    let busyP99 = null;
    if (kill) {
      await waitUntil(async () => instancesWith(suffix) >= INSTANCES / 2, 600_000, "half the instances");
      // Both servers take deliveries from the shared queue: the first one is killed mid-way.
      const index = 0;
      killed = { server: cluster.servers[index].name, atInstances: instancesWith(suffix) };
      cluster.servers[index].child.kill("SIGKILL");
      await cluster.servers[index].exited;
      log(`${label}: SIGKILL ${killed.server} with ${killed.atInstances} of ${INSTANCES} instances served`);
      await cluster.restart(index);
      log(`${label}: ${killed.server} started again`);
    } else {
      busyP99 = await pageP99(cluster.url, allThere);
    }
    await waitUntil(allThere, 1_800_000, "every instance");
    clearInterval(sampler);
    const times = inboxes.times.slice(firstCount);
    const { missing, twice } = copiesOf(suffix);
    const result = {
      label,
      servers: count,
      followers: FOLLOWERS,
      instances: INSTANCES,
      secondsToFirstDelivery: Math.round((times[0] - insertedAt) / 100) / 10,
      secondsToAllDelivered: Math.round((Date.now() - insertedAt) / 100) / 10,
      secondsFirstToLast: Math.round((times.at(-1) - times[0]) / 100) / 10,
      missing,
      instancesWithTwoCopies: twice,
      peakRssMb: peak.rss,
      pageP99MsQuiet: quietP99,
      pageP99MsDuringFanOut: busyP99,
      killed,
      deliveryP50MsBetweenArrivals: percentile(
        times
          .slice(1)
          .map((time, i) => time - times[i])
          .sort((a, b) => a - b),
        50,
      ),
    };
    log(`${label} figures: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await cluster.stop();
  }
}

let failed = false;
try {
  const results = [];
  if (PHASES.includes("A"))
    results.push(await phase({ label: "(A) one server", count: 1, basePort: LB_PORT + 1, port: LB_PORT }));
  if (PHASES.includes("B")) {
    results.push(
      await phase({
        label: "(B) two servers, one killed",
        count: 2,
        basePort: LB_PORT + 3,
        port: LB_PORT + 2,
        kill: true,
      }),
    );
  }
  console.log("\nFederation fan-out");
  console.table(
    results.map((r) => ({
      phase: r.label,
      "s to first": r.secondsToFirstDelivery,
      "s to all": r.secondsToAllDelivered,
      missing: r.missing,
      "two copies": r.instancesWithTwoCopies,
      "peak RSS MB": r.peakRssMb,
      "page p99 quiet": r.pageP99MsQuiet,
      "page p99 fan-out": r.pageP99MsDuringFanOut,
    })),
  );
  failed = results.some((r) => r.missing > 0);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await db.end();
  instances.close();
}
process.exit(failed ? 1 : 0);
