// Several servers on one PostgreSQL behind HAProxy, for `npm run cluster` and `npm run drill`.
// The servers run exactly as deploy/waveform@.service describes (its Environment= lines and
// ExecStart, %i = the port) and HAProxy runs deploy/haproxy.cfg with the servers it lists replaced
// by the ones started here. Each process writes its output to a log file in the run's folder.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const unitFile = join(root, "deploy", "waveform@.service");
export const haproxyTemplate = join(root, "deploy", "haproxy.cfg");

/** Where a program is, or null: `haproxy`, PostgreSQL's `pg_ctl` (Debian keeps it off the PATH). */
export function findProgram(name) {
  const candidates =
    name === "haproxy"
      ? ["/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"]
      : spawnSync("sh", ["-c", "ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1"], {
          encoding: "utf8",
        })
          .stdout.trim()
          .split("\n")
          .filter(Boolean)
          .map((dir) => join(dir, name));
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  const which = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : null;
}

/**
 * The unit's service: its Environment= lines (with %i replaced by `port`) and its ExecStart, with
 * the unit's WorkingDirectory (the deployed checkout) read as this checkout, so the cluster starts
 * the same runtime the unit does: the project's own Node in node_modules. EnvironmentFile holds the
 * site's own settings: the caller's.
 */
export function serviceFromUnit(port, file = unitFile, stateRoot = join(tmpdir(), "waveform-state")) {
  const env = {};
  let exec = null;
  let workingDirectory = null;
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    // %i is the instance (the port); %S systemd's state root (/var/lib), here the run's own folder.
    const line = raw.trim().replaceAll("%i", String(port)).replaceAll("%S", stateRoot);
    if (line.startsWith("WorkingDirectory=")) {
      workingDirectory = line.slice("WorkingDirectory=".length).replace(/\/+$/, "");
    } else if (line.startsWith("Environment=")) {
      const assignment = line.slice("Environment=".length);
      const equals = assignment.indexOf("=");
      env[assignment.slice(0, equals)] = assignment.slice(equals + 1);
    } else if (line.startsWith("ExecStart=")) {
      const [program, ...args] = line.slice("ExecStart=".length).split(/\s+/);
      const inCheckout = workingDirectory && program.startsWith(`${workingDirectory}/`);
      exec = [inCheckout ? join(root, program.slice(workingDirectory.length + 1)) : program, ...args];
    }
  }
  if (!exec) throw new Error(`${file} has no ExecStart=`);
  return { env, exec };
}

/** deploy/haproxy.cfg with the servers between its markers replaced by these ports. */
export function haproxyConfig(ports, template = readFileSync(haproxyTemplate, "utf8")) {
  const begin = template.indexOf("# servers: begin");
  const end = template.indexOf("# servers: end");
  if (begin < 0 || end < begin)
    throw new Error(`${haproxyTemplate} lacks its "# servers: begin/end" markers`);
  const indent = "    ";
  const lines = ports.map((port, index) => `${indent}server web${index + 1} 127.0.0.1:${port}`);
  return `${template.slice(0, begin)}# servers: begin\n${lines.join("\n")}\n${indent}${template.slice(end)}`;
}

/** One HTTP request; resolves with the status and body, or rejects on a network error or timeout. */
export function request(url, { method = "GET", headers = {}, body, timeoutMs = 10_000, agent } = {}) {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers, agent, timeout: timeoutMs }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      response.on("error", reject);
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

/** Waits until `url` answers 200 (with `headers`), polling every 100 ms. */
export async function waitForOk(url, { timeoutMs = 60_000, headers = {} } = {}) {
  const started = Date.now();
  for (;;) {
    try {
      const answer = await request(url, { headers, timeoutMs: 2000 });
      if (answer.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A command for HAProxy's runtime API (the stats socket); resolves with its answer. */
export function haproxyCommand(socketPath, command) {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let answer = "";
    socket.on("connect", () => socket.end(`${command}\n`));
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

/** Each server's state as HAProxy sees it now: { web1: "UP", web2: "DOWN", … }. */
export async function backendStates(socketPath) {
  const csv = await haproxyCommand(socketPath, "show stat");
  const states = {};
  for (const line of csv.split("\n")) {
    const fields = line.split(",");
    if (fields[0] === "servers" && fields[1]?.startsWith("web")) states[fields[1]] = fields[17];
  }
  return states;
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Every process started here: killed if this script ends without stopping them (a crash). */
const children = new Set();
process.once("exit", () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

function spawnLogged(command, args, env, logFile) {
  const log = createWriteStream(logFile, { flags: "a" });
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  // Both streams into one file, which is closed once both have ended (not when the first does).
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise((resolve) =>
    child.once("close", (code, signal) => {
      log.end();
      resolve({ code, signal });
    }),
  );
  return { child, exited };
}

/**
 * Starts `count` servers on consecutive ports from `basePort` and HAProxy in front of them on
 * `port`, all on `databaseUrl`. `siteEnv`: the site's own settings (EnvironmentFile's part).
 * The first server starts alone (it migrates and seeds an empty database), then the others.
 */
export async function startCluster({
  databaseUrl,
  count,
  basePort,
  port,
  siteEnv = {},
  runDir,
  log = () => {},
}) {
  const dir = runDir ?? mkdtempSync(join(tmpdir(), "waveform-cluster-"));
  const haproxy = findProgram("haproxy");
  if (!haproxy) throw new Error("haproxy is not installed: apt-get install haproxy");
  const publicUrl = `http://127.0.0.1:${port}`;
  const hostHeader = { host: `127.0.0.1:${port}` };
  const sessionSecret =
    siteEnv.SESSION_SECRET ?? process.env.SESSION_SECRET ?? randomBytes(32).toString("hex");
  const base = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: sessionSecret,
  };
  for (const name of ["PORT", "HOST", "DATA_DIR", "NODE_ENV"]) delete base[name];

  const servers = [];
  const startServer = async (index) => {
    const serverPort = basePort + index;
    const { env, exec } = serviceFromUnit(serverPort, unitFile, dir);
    // systemd makes the unit's StateDirectory= before starting it; here the cluster does.
    if (env.DATA_DIR) mkdirSync(env.DATA_DIR, { recursive: true });
    const spawned = spawnLogged(
      exec[0],
      exec.slice(1),
      { ...base, ...env, ...siteEnv },
      join(dir, `web${index + 1}.log`),
    );
    const server = {
      name: `web${index + 1}`,
      port: serverPort,
      url: `http://127.0.0.1:${serverPort}`,
      child: spawned.child,
      exited: spawned.exited,
      /** Requests straight to this server carry the site's Host (others are answered 421). */
      headers: hostHeader,
    };
    servers[index] = server;
    const failedStart = spawned.exited.then(({ code, signal }) => {
      throw new Error(
        `${server.name} exited (${code ?? signal}) while starting; see ${join(dir, `${server.name}.log`)}`,
      );
    });
    await Promise.race([
      waitForOk(`${server.url}/api/health`, { headers: hostHeader, timeoutMs: 120_000 }),
      failedStart,
    ]);
    failedStart.catch(() => {});
    log(`${server.name} serves on ${server.url}`);
    return server;
  };

  await startServer(0);
  await Promise.all(Array.from({ length: count - 1 }, (_, index) => startServer(index + 1)));

  const configFile = join(dir, "haproxy.cfg");
  writeFileSync(configFile, haproxyConfig(servers.map((server) => server.port)));
  const socket = join(dir, "haproxy.sock");
  const check = spawnSync(haproxy, ["-c", "-q", "-f", configFile], {
    env: {
      ...process.env,
      HAPROXY_SOCKET: socket,
      LB_BIND: `127.0.0.1:${port}`,
      PUBLIC_HOST: hostHeader.host,
    },
    encoding: "utf8",
  });
  if (check.status !== 0) throw new Error(`HAProxy refuses ${configFile}:\n${check.stderr}${check.stdout}`);
  const balancer = spawnLogged(
    haproxy,
    ["-W", "-db", "-f", configFile],
    { ...process.env, HAPROXY_SOCKET: socket, LB_BIND: `127.0.0.1:${port}`, PUBLIC_HOST: hostHeader.host },
    join(dir, "haproxy.log"),
  );
  await waitForOk(`${publicUrl}/api/health`, { headers: hostHeader, timeoutMs: 30_000 });
  // Every server UP in HAProxy before the caller starts measuring.
  for (const started = Date.now(); Date.now() - started < 20_000; ) {
    const states = await backendStates(socket);
    if (Object.values(states).length === count && Object.values(states).every((state) => state === "UP"))
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  log(`HAProxy balances ${publicUrl} over ${count} servers (logs in ${dir})`);

  return {
    dir,
    url: publicUrl,
    headers: hostHeader,
    servers,
    socket,
    haproxy: balancer,
    databaseUrl,
    /** Starts server `index` again (after it exited) with the same settings. */
    restart: (index) => startServer(index),
    /** A graceful HAProxy reload: new workers take the listening socket, old ones finish. */
    reloadBalancer: () => balancer.child.kill("SIGUSR2"),
    async stop() {
      const running = servers.filter(
        (server) => server.child.exitCode === null && server.child.signalCode === null,
      );
      for (const server of running) server.child.kill("SIGTERM");
      balancer.child.kill("SIGTERM");
      await Promise.all([...running.map((server) => server.exited), balancer.exited]);
    },
  };
}
