// `npm run drill:newsletter`: issue 34's exactly-once drill (a benchmark-style script, not part of
// `npm test`). It starts its own PostgreSQL and an SMTP sink (smtp-server) counting every copy per
// address, builds the app, then:
//   (A) one server behind HAProxy: 10,000 confirmed subscribers, an issue sent; the server gets
//       SIGKILL halfway and is started again; every address must receive exactly one copy;
//   (B) the same on three servers behind HAProxy on the same PostgreSQL, killing the server that
//       is sending (the holder of the job's lease).
// It reports mails per second (at the sink), the time to recover, copies per address and how many
// mails were delivered but not yet recorded at the kill (the send journal's part, decision 0024); a
// missing mail or a second copy fails it.
// Needs haproxy and PostgreSQL's binaries. Settings: DRILL_SUBSCRIBERS (10000), DRILL_RATE (mails/s
// per NEWSLETTER_SEND_RATE, 1000), DRILL_PG_PORT (55470), DRILL_SMTP_PORT (4203), DRILL_PORT (4204),
// DRILL_PHASES (A,B), DRILL_SKIP_BUILD=1 (after a build).
import { createRequire } from "node:module";
import { join } from "node:path";
import { root, startCluster } from "./cluster-lib.mjs";
import { buildForDrill, drillPrograms, startDrillPostgres } from "./drill-postgres.mjs";

const SUBSCRIBERS = Number(process.env.DRILL_SUBSCRIBERS ?? 10_000);
const RATE = Number(process.env.DRILL_RATE ?? 1000);
const PG_PORT = Number(process.env.DRILL_PG_PORT ?? 55470);
const SMTP_PORT = Number(process.env.DRILL_SMTP_PORT ?? 4203);
const LB_PORT = Number(process.env.DRILL_PORT ?? 4204);

const serverRequire = createRequire(join(root, "server", "package.json"));
const { SMTPServer } = serverRequire("smtp-server");
const pgModule = serverRequire("pg");

const programs = drillPrograms("npm run drill:newsletter");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
buildForDrill();

// --- PostgreSQL of its own ------------------------------------------------------------------------
const { databaseUrl } = startDrillPostgres(programs, {
  port: PG_PORT,
  name: "news-drill",
  settings: "-c max_connections=200 -c fsync=on",
});
const db = new pgModule.Pool({ connectionString: databaseUrl, max: 2 });
const one = async (text, values) => (await db.query(text, values)).rows[0];

// --- the SMTP sink: every copy counted, per address and per Message-ID -----------------------------
const sink = { copies: new Map(), ids: new Map(), times: [] };
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  maxClients: 100,
  onData(stream, session, done) {
    let head = "";
    stream.on("data", (chunk) => {
      if (head.length < 4096) head += chunk.toString("utf8");
    });
    stream.on("end", () => {
      const id = /^Message-ID: (.*)$/im.exec(head)?.[1]?.trim() ?? "none";
      for (const rcpt of session.envelope.rcptTo) {
        const to = rcpt.address.toLowerCase();
        sink.copies.set(to, (sink.copies.get(to) ?? 0) + 1);
      }
      sink.ids.set(id, (sink.ids.get(id) ?? 0) + 1);
      sink.times.push(Date.now());
      done();
    });
  },
});
// A server killed mid-conversation resets its connections: that is the drill, not a sink failure.
smtp.on("error", (error) => {
  if (error.code !== "ECONNRESET") log(`sink: ${error.message}`);
});
await new Promise((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve));
const resetSink = () => {
  sink.copies.clear();
  sink.ids.clear();
  sink.times.length = 0;
};
const received = () => sink.times.length;

const siteEnv = {
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  SMTP_ALLOW_PLAINTEXT: "true",
  NEWSLETTER_SEND_RATE: String(RATE),
  FEED_REFRESH: "off",
};

/** Queues an issue the way the console's "send at" does, due now: the job starts it. */
async function scheduleIssue(slug) {
  const row = await one(
    `insert into newsletter_issues (title, slug, intro, sections, state, scheduled_at)
     values ($1, $2, $3, '[]'::jsonb, 'scheduled', now()) returning id`,
    [`Drill ${slug}`, slug, "A drill issue: **ten thousand** readers, one copy each."],
  );
  return row.id;
}
const pendingOf = async (issueId) =>
  Number(
    (
      await one("select count(*) filter (where sent_at is null) as n from outbox where issue_id = $1", [
        issueId,
      ])
    ).n,
  );
const stateOf = async (issueId) =>
  (await one("select state from newsletter_issues where id = $1", [issueId])).state;

async function waitUntil(check, timeoutMs, what) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
  return Date.now() - started;
}

/** Mails per second at the sink between two counts of received mail (first to last arrival). */
function rateBetween(from, to) {
  const times = sink.times.slice(from, to);
  if (times.length < 2) return 0;
  return Math.round(((times.length - 1) * 1000) / (times[times.length - 1] - times[0]));
}

function verdict(label) {
  let missing = 0;
  let twice = 0;
  let maxCopies = 0;
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const copies = sink.copies.get(`reader${i}@drill.test`) ?? 0;
    if (copies === 0) missing += 1;
    if (copies > 1) twice += 1;
    maxCopies = Math.max(maxCopies, copies);
  }
  const duplicateIds = [...sink.ids.values()].filter((n) => n > 1).length;
  const result = {
    label,
    subscribers: SUBSCRIBERS,
    received: received(),
    missing,
    deliveredTwice: twice,
    maxCopies,
    duplicateMessageIds: duplicateIds,
  };
  log(`${label}: ${JSON.stringify(result)}`);
  return result;
}

async function phase({ label, count, basePort, port, slug }) {
  resetSink();
  const cluster = await startCluster({ databaseUrl, count, basePort, port, siteEnv, log });
  try {
    const started = Date.now();
    const issueId = await scheduleIssue(slug);
    log(`${label}: issue ${issueId} scheduled for now; waiting for half of ${SUBSCRIBERS} at the sink`);
    await waitUntil(() => received() >= SUBSCRIBERS / 2, 300_000, "half the mails");
    // The server sending is the one holding the job's lease (holder = "<pid>-<uuid>").
    const lease = await one("select holder from job_leases where name = 'newsletter-issues'");
    const pid = Number(String(lease?.holder ?? "").split("-")[0]);
    const index = cluster.servers.findIndex((server) => server.child.pid === pid);
    const victim = index >= 0 ? index : 0;
    const beforeKill = received();
    const killedAt = Date.now();
    cluster.servers[victim].child.kill("SIGKILL");
    await cluster.servers[victim].exited;
    await sleep(200);
    const atKill = received();
    const pendingAtKill = Number(await pendingOf(issueId));
    // Mails the sink has that the database did not record: without the send journal (decision
    // 0024), each would be mailed again after the claim lease.
    const unrecordedAtKill = Math.max(0, atKill - (SUBSCRIBERS - pendingAtKill));
    log(
      `${label}: SIGKILL ${cluster.servers[victim].name} (pid ${cluster.servers[victim].child.pid}) after ${beforeKill} mails (${atKill} counted once it was dead); ${pendingAtKill} rows not recorded as sent, ${unrecordedAtKill} of them delivered (left to the journal)`,
    );
    const firstRate = rateBetween(0, beforeKill);
    await cluster.restart(victim);
    log(`${label}: ${cluster.servers[victim].name} started again`);
    await waitUntil(
      async () => (await pendingOf(issueId)) === 0 && (await stateOf(issueId)) === "sent",
      600_000,
      "the issue to be sent",
    );
    const recoveredAfter = Date.now() - killedAt;
    const resumedAt = sink.times.findIndex((time) => time > killedAt + 500);
    const result = {
      ...verdict(label),
      servers: count,
      deliveredUnrecordedAtKill: unrecordedAtKill,
      mailsPerSecondBeforeKill: firstRate,
      mailsPerSecondAfterRestart: resumedAt >= 0 ? rateBetween(resumedAt, received()) : 0,
      secondsFromKillToSent: Math.round(recoveredAfter / 100) / 10,
      totalSeconds: Math.round((Date.now() - started) / 100) / 10,
      progress: await one(
        `select count(*) filter (where outcome = 'sent') as sent, count(*) filter (where outcome = 'failed') as failed,
                count(*) filter (where outcome = 'suppressed') as suppressed from outbox where issue_id = $1`,
        [issueId],
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
  // The schema comes from the first server's start; subscribers are added once it has migrated.
  const bootstrap = await startCluster({
    databaseUrl,
    count: 1,
    basePort: LB_PORT + 1,
    port: LB_PORT,
    siteEnv,
    log,
  });
  await bootstrap.stop();
  await db.query(
    `insert into newsletter_subscriptions (email, status, consent_at, consent_text_version, confirmed_at)
     select 'reader' || i || '@drill.test', 'confirmed', now(), 'drill', now() from generate_series(0, $1::int - 1) as i`,
    [SUBSCRIBERS],
  );
  log(`${SUBSCRIBERS} confirmed subscribers added`);
  const results = [
    await phase({
      label: "(A) one server",
      count: 1,
      basePort: LB_PORT + 1,
      port: LB_PORT,
      slug: "drill-one-server",
    }),
    await phase({
      label: "(B) three servers behind HAProxy",
      count: 3,
      basePort: LB_PORT + 3,
      port: LB_PORT + 2,
      slug: "drill-three-servers",
    }),
  ];
  console.log("\nNewsletter drill results");
  console.table(
    results.map((r) => ({
      phase: r.label,
      received: r.received,
      missing: r.missing,
      "delivered twice": r.deliveredTwice,
      "unrecorded at kill (journal)": r.deliveredUnrecordedAtKill,
      "mails/s before kill": r.mailsPerSecondBeforeKill,
      "mails/s after restart": r.mailsPerSecondAfterRestart,
      "s from kill to sent": r.secondsFromKillToSent,
    })),
  );
  // Exactly one copy per address: a missing mail and a second copy both fail the drill.
  failed = results.some((r) => r.missing > 0 || r.deliveredTwice > 0);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await db.end();
  smtp.close();
}
process.exit(failed ? 1 : 0);
