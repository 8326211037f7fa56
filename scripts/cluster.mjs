// `npm run cluster`: several servers on one PostgreSQL behind HAProxy, on this machine.
//
//   DATABASE_URL=postgres://… npm run cluster
//   CLUSTER_SERVERS (default 3)  how many servers, on ports CLUSTER_BASE_PORT (default 3001) and up
//   CLUSTER_PORT (default 3000)  where HAProxy listens: the site is http://127.0.0.1:CLUSTER_PORT
//
// Each server runs as deploy/waveform@.service says (NODE_ENV=production, TRUST_PROXY, a drain on
// SIGTERM); HAProxy runs deploy/haproxy.cfg. SESSION_SECRET comes from the environment (or .env)
// or is made up for this run, the same for every server. Ctrl-C stops them all.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { findProgram, root, startCluster } from "./cluster-lib.mjs";

if (existsSync(join(root, ".env"))) process.loadEnvFile(join(root, ".env"));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.match(/^postgres(ql)?:\/\//)) {
  console.error(
    "npm run cluster needs DATABASE_URL=postgres://… : several servers share one PostgreSQL (a PGlite\n" +
      "folder belongs to one server). Any PostgreSQL ≥ 14 will do; on Debian: apt-get install postgresql.",
  );
  process.exit(1);
}
if (!findProgram("haproxy")) {
  console.error("npm run cluster needs HAProxy in front of the servers; on Debian: apt-get install haproxy");
  process.exit(1);
}
const count = Number(process.env.CLUSTER_SERVERS ?? 3);
const basePort = Number(process.env.CLUSTER_BASE_PORT ?? 3001);
const port = Number(process.env.CLUSTER_PORT ?? 3000);
if (!Number.isInteger(count) || count < 1 || count > 32) {
  console.error("CLUSTER_SERVERS must be a whole number from 1 to 32");
  process.exit(1);
}

const build = spawnSync(process.execPath, [join(root, "scripts", "start.mjs"), "--build-only"], {
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);

const cluster = await startCluster({ databaseUrl, count, basePort, port, log: (line) => console.log(line) });
console.log(`\nThe site is on ${cluster.url} (${count} servers behind HAProxy). Ctrl-C stops them all.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping the servers (each drains for a few seconds) and HAProxy…");
  await cluster.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const server of cluster.servers) {
  server.exited.then(({ code, signal }) => {
    if (!stopping)
      console.error(`${server.name} exited (${code ?? signal}); see ${cluster.dir}/${server.name}.log`);
  });
}
