// The server's entry: first that this Node may run the club, then the server itself. The check
// comes before any other module is loaded, so an older Node stops with a message that says what
// to run, rather than failing on whatever it meets first.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runtimeProblem } from "../../scripts/node-runtime.mjs";
import { repoRoot } from "./paths";

const { engines } = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
  engines: { node: string };
};
const problem = runtimeProblem({
  version: process.version,
  execPath: process.execPath,
  range: engines.node,
  command: "npm start   (or: node_modules/.bin/node server/dist/server.js)",
});
if (problem) {
  console.error(problem);
  process.exit(1);
}
await import("./serve");
