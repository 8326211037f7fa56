import { readdirSync, readFileSync } from "node:fs";
import { attributeScript } from "./measure-js-sources.mjs";

const dir = "/tmp/h45js-maps/assets/";
for (const prefix of process.argv.slice(2)) {
  const file = readdirSync(dir).find((f) => f.startsWith(prefix) && f.endsWith(".js"));
  const shares = attributeScript(
    readFileSync(dir + file, "utf8"),
    JSON.parse(readFileSync(dir + file + ".map", "utf8")),
  );
  console.log("==", file);
  for (const [s, raw] of [...shares].sort((a, b) => b[1] - a[1]).slice(0, 60))
    console.log(String(raw).padStart(7), s);
}
