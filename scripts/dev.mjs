// `npm run dev`: the API server under tsx (restarts on change) and Vite's dev server for the client
// (hot reload, /api proxied to the API server). Ctrl-C stops both.
import { spawn } from "node:child_process";

const children = [
  spawn("npm", ["run", "dev", "-w", "server"], { stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "client"], { stdio: "inherit" }),
];
let exiting = false;
const stopAll = (code) => {
  if (exiting) return;
  exiting = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
};
for (const child of children) child.on("exit", (code) => stopAll(code ?? 1));
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
