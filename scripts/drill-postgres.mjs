// What every drill (`npm run drill`, `drill:insights`, `drill:newsletter`) starts with: the
// programs it needs, a fresh build, and a PostgreSQL of its own on loopback (not DATABASE_URL: a
// drill may stop and start its database), removed however the drill ends.
import { spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findProgram, root } from "./cluster-lib.mjs";

const asRoot = process.getuid?.() === 0;

/** haproxy, pg_ctl and initdb, or a sentence saying what to install and an exit. */
export function drillPrograms(command) {
  const programs = {
    haproxy: findProgram("haproxy"),
    pgCtl: findProgram("pg_ctl"),
    initdb: findProgram("initdb"),
  };
  const missing = [
    !programs.haproxy && "haproxy",
    !(programs.pgCtl && programs.initdb) && "PostgreSQL's server binaries",
  ];
  if (missing.some(Boolean)) {
    console.error(
      `${command} needs ${missing.filter(Boolean).join(" and ")}.\n` +
        "On Debian: apt-get install haproxy postgresql (the drill starts its own PostgreSQL on loopback).",
    );
    process.exit(1);
  }
  return programs;
}

/** `node scripts/start.mjs --build-only`, unless DRILL_SKIP_BUILD=1 (after a build). */
export function buildForDrill() {
  if (process.env.DRILL_SKIP_BUILD === "1") return;
  const build = spawnSync(process.execPath, [join(root, "scripts", "start.mjs"), "--build-only"], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Runs a PostgreSQL program as the postgres user when this is root (PostgreSQL refuses root). */
function runPg(program, args, { check = true } = {}) {
  const [command, commandArgs] = asRoot
    ? ["runuser", ["-u", "postgres", "--", program, ...args]]
    : [program, args];
  const result = spawnSync(command, commandArgs, { encoding: "utf8" });
  if (check && result.status !== 0) throw new Error(`${program} ${args.join(" ")} failed:\n${result.stderr}`);
}

/**
 * A new PostgreSQL cluster in a temporary folder, started on 127.0.0.1:`port` with `settings`
 * (extra `-c name=value` options). `stop()` is a fast stop and `start()` starts it again (drill (c));
 * on exit it is stopped at once and its folder removed.
 */
export function startDrillPostgres({ pgCtl, initdb }, { port, name, settings = "" }) {
  const dir = mkdtempSync(join(tmpdir(), `waveform-${name}-pg-`));
  if (asRoot)
    chownSync(
      dir,
      Number(spawnSync("id", ["-u", "postgres"]).stdout),
      Number(spawnSync("id", ["-g", "postgres"]).stdout),
    );
  const data = join(dir, "data");
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} ${settings}`;
  const start = () =>
    runPg(pgCtl, ["-D", data, "-l", join(dir, "server.log"), "-w", "-o", options.trim(), "start"]);
  const stop = () => runPg(pgCtl, ["-D", data, "-m", "fast", "-w", "stop"]);
  runPg(initdb, ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  start();
  process.once("exit", () => {
    runPg(pgCtl, ["-D", data, "-m", "immediate", "stop"], { check: false });
    rmSync(dir, { recursive: true, force: true });
  });
  return { databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, start, stop };
}
