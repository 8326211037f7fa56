import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./cluster-lib.mjs";
import { runtimeProblem, satisfiesMinimum } from "./node-runtime.mjs";

const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
const projectNode = pkg.devDependencies.node;
const range = pkg.engines.node;

describe("the runtime check", () => {
  it("accepts the version engines names and newer ones", () => {
    expect(satisfiesMinimum("v24.21.0", ">=24.21.0")).toBe(true);
    expect(satisfiesMinimum("v24.22.1", ">=24.21.0")).toBe(true);
    expect(satisfiesMinimum("v26.0.0", ">=24.21.0")).toBe(true);
  });

  it("refuses older ones, down to the patch", () => {
    expect(satisfiesMinimum("v24.20.9", ">=24.21.0")).toBe(false);
    expect(satisfiesMinimum("v22.19.0", ">=24.21.0")).toBe(false);
    expect(satisfiesMinimum("v20.20.2", ">=24.21.0")).toBe(false);
  });

  it("names the version found, the one needed and what to run", () => {
    const problem = runtimeProblem({
      version: "v20.20.2",
      execPath: "/usr/bin/node",
      range: ">=24.21.0",
      command: "npm start",
    });
    expect(problem).toContain("needs Node.js 24.21.0 or newer");
    expect(problem).toContain("this is Node.js v20.20.2 (/usr/bin/node)");
    expect(problem).toContain("npm start");
    expect(runtimeProblem({ version: "v24.21.0", execPath: "x", range, command: "npm start" })).toBeNull();
  });

  it("refuses an engines range it cannot read rather than guessing", () => {
    expect(() => satisfiesMinimum("v24.21.0", "^24")).toThrow(/engines.node must read/);
  });
});

describe("one Node.js version everywhere", () => {
  it("engines, the devDependency and the lock file name the same version", () => {
    expect(range).toBe(`>=${projectNode}`);
    expect(projectNode).toMatch(/^24\.\d+\.\d+$/);
    expect(lock.packages["node_modules/node"].version).toBe(projectNode);
    expect(pkg.allowScripts.node).toBe(true);
  });

  it("the tests run on the project's Node", () => {
    expect(process.version).toBe(`v${projectNode}`);
  });

  it("the README, the unit and CI start or name that runtime", () => {
    expect(readFileSync(join(root, "README.md"), "utf8")).toContain(`Node.js ${projectNode}`);
    const unit = readFileSync(join(root, "deploy", "waveform@.service"), "utf8");
    expect(unit).toMatch(/^ExecStart=\/srv\/waveform\/node_modules\/\.bin\/node /m);
    expect(unit).not.toMatch(/^ExecStart=\/usr\/bin\/node/m);
    const ci = readFileSync(join(root, ".ci", "run"), "utf8");
    expect(ci).toContain("node_modules/.bin/node -v");
  });
});

/** Runs `args` on this Node made to report an older version before anything else loads. */
function onOlderNode(args) {
  const pretend = 'data:text/javascript,Object.defineProperty(process,"version",{value:"v20.20.2"})';
  return spawnSync(process.execPath, ["--import", pretend, ...args], { cwd: root, encoding: "utf8" });
}

/** Each case starts a Node (the server's through tsx): seconds on a busy machine. */
const SPAWN_TIMEOUT_MS = 60_000;

describe("started on an older Node", { timeout: SPAWN_TIMEOUT_MS }, () => {
  it("the server stops before loading anything, saying what to run", () => {
    const run = onOlderNode(["--import", "tsx", "server/src/server.ts"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("this is Node.js v20.20.2");
    expect(run.stderr).toContain("npm start");
    expect(run.stdout).toBe("");
  });

  it("npm start stops before building", () => {
    const run = onOlderNode(["scripts/start.mjs", "--build-only"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("this is Node.js v20.20.2");
    expect(run.stdout).not.toContain("Building");
  });

  // The machine's own Node, where it is older (this project's machines have 20): the real thing.
  const systemNode = ["/usr/bin/node", "/usr/local/bin/node"].find((path) => existsSync(path));
  const systemVersion = systemNode && spawnSync(systemNode, ["-v"], { encoding: "utf8" }).stdout.trim();
  it.skipIf(!systemVersion || satisfiesMinimum(systemVersion, range))(
    `the system's Node (${systemVersion ?? "none"}) is refused by npm start`,
    () => {
      const run = spawnSync(systemNode, ["scripts/start.mjs", "--build-only"], {
        cwd: root,
        encoding: "utf8",
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`this is Node.js ${systemVersion}`);
    },
  );
});
