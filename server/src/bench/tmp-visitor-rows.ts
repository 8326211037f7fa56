import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client";

const folder = mkdtempSync(join(tmpdir(), "vrows-"));
const handle = await openDatabase({ kind: "pglite", dataDir: folder }, { pgliteInWorker: true });
const db = handle.db;
await db.execute(
  sql`create table wide (day date not null, metric text not null, item text not null, visitor text not null, primary key (day, metric, item, visitor))`,
);
await db.execute(
  sql`create table narrow (day date not null, metric smallint not null, item text not null, visitor bigint not null, primary key (day, metric, item, visitor))`,
);
await db.execute(
  sql`create table vfirst (day date not null, visitor bigint not null, metric smallint not null, item text not null, primary key (day, visitor, metric, item))`,
);
const hex = (i: number) =>
  ((BigInt(i) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn).toString(16).padStart(16, "0");
const signed = (h: string) => BigInt.asIntN(64, BigInt("0x" + h)).toString();
async function time(label: string, f: (base: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let r = 0; r < 6; r++) {
    const t = performance.now();
    await f(r * 10000);
    ms.push(performance.now() - t);
  }
  console.log(label, ms.map((m) => m.toFixed(0)).join(" "));
}
const N = 10000;
const rowsOf = (base: number) =>
  Array.from({ length: N }, (_, i) => ({
    day: "2026-11-27",
    metric: i % 2 ? "site" : "page",
    item: i % 2 ? "" : "/playlists",
    visitor: hex(base + (i >> 1)),
  }));
await time("wide jsonb", (b) =>
  db.execute(
    sql`insert into wide select * from jsonb_to_recordset(${JSON.stringify(rowsOf(b))}::jsonb) as r(day date, metric text, item text, visitor text) on conflict do nothing`,
  ),
);
await time("wide unnest", (b) => {
  const r = rowsOf(b + 100000);
  return db.execute(
    sql`insert into wide select ${"2026-11-27"}::date, * from unnest(${sql.param(r.map((x) => x.metric))}::text[], ${sql.param(r.map((x) => x.item))}::text[], ${sql.param(r.map((x) => x.visitor))}::text[]) on conflict do nothing`,
  );
});
await time("narrow jsonb", (b) =>
  db.execute(
    sql`insert into narrow select day, metric, item, visitor from jsonb_to_recordset(${JSON.stringify(rowsOf(b).map((x) => ({ ...x, metric: x.metric === "site" ? 0 : 1, visitor: signed(x.visitor) })))}::jsonb) as r(day date, metric smallint, item text, visitor bigint) on conflict do nothing`,
  ),
);
await time("narrow unnest", (b) => {
  const r = rowsOf(b + 100000);
  return db.execute(
    sql`insert into narrow select ${"2026-11-27"}::date, * from unnest(${sql.param(r.map((x) => (x.metric === "site" ? 0 : 1)))}::smallint[], ${sql.param(r.map((x) => x.item))}::text[], ${sql.param(r.map((x) => signed(x.visitor)))}::bigint[]) on conflict do nothing`,
  );
});
await time("narrow unnest half(no site)", (b) => {
  const r = rowsOf(b + 200000).filter((x) => x.metric !== "site");
  return db.execute(
    sql`insert into narrow select ${"2026-11-27"}::date, * from unnest(${sql.param(r.map(() => 1))}::smallint[], ${sql.param(r.map((x) => x.item))}::text[], ${sql.param(r.map((x) => signed(x.visitor)))}::bigint[]) on conflict do nothing`,
  );
});
await time("vfirst unnest", (b) => {
  const r = rowsOf(b + 100000);
  return db.execute(
    sql`insert into vfirst select ${"2026-11-27"}::date, v, m, i from unnest(${sql.param(r.map((x) => (x.metric === "site" ? 0 : 1)))}::smallint[], ${sql.param(r.map((x) => x.item))}::text[], ${sql.param(r.map((x) => signed(x.visitor)))}::bigint[]) as u(m, i, v) on conflict do nothing`,
  );
});
await time("wide jsonb, all conflicts", () =>
  db.execute(
    sql`insert into wide select * from jsonb_to_recordset(${JSON.stringify(rowsOf(0))}::jsonb) as r(day date, metric text, item text, visitor text) on conflict do nothing`,
  ),
);
await handle.close();
rmSync(folder, { recursive: true, force: true });
