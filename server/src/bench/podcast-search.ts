// `npm run bench:podcasts` (also part of `npm run bench`): the podcast search on a large catalogue,
// 10,000 podcasts and 100,000 episodes, on in-memory PGlite and, when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, on PostgreSQL (a scratch database created beside it and dropped after).
// Prints p50/p99 per query shape. Target (issue "Podcasts"): p50 ≤ 5 ms for a filtered query.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { PodcastFilters } from "@waveform/contracts/podcasts";
import { sql } from "drizzle-orm";
import pg from "pg";
import { percentile } from "../../../scripts/percentile.mjs";
import type { DatabaseConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedPodcasts } from "../db/seed/podcasts";
import { createPodcastsRepository } from "../modules/podcasts/index";

const PODCASTS = 10_000;
const EPISODES_PER_PODCAST = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const QUERIES: Array<[label: string, filters: PodcastFilters]> = [
  ["q=jazz, minRating=4", { q: "jazz", minRating: 4 }],
  ["q=castellanos (rare)", { q: "castellanos" }],
  ["category=Music History, minRating=4.5", { category: "Music History", minRating: 4.5 }],
  ["q=deep, category=Interviews, minRating=3", { q: "deep", category: "Interviews", minRating: 3 }],
  ["minRating=4 (no search)", { minRating: 4 }],
];

async function fill(handle: DatabaseHandle, config: DatabaseConfig) {
  const { db } = handle;
  await migrateDatabase(db, config);
  await seedPodcasts(db);
  await db.execute(sql`
    insert into podcasts (slug, feed_url, title, host, description, platform, publish_frequency, rating_tenths, is_new, is_trending)
    select 'bench-' || i, 'https://feeds.example/bench/' || i,
      (array['Jazz','Techno','Hip Hop','Folk','Soul','Metal','Ambient','Disco','Punk','Reggae'])[1 + i % 10] || ' ' ||
      (array['Sessions','Hour','Talk','Notes','Radio','Club','Diaries','Weekly','Lab'])[1 + (i * 7) % 9] || ' ' || i,
      (array['Ana','Ben','Chloé','Dev','Eli','Fatou','Gus','Hiro','Ines','Jon'])[1 + (i * 3) % 10] || ' ' ||
      (array['Okafor','Lindqvist','Moreau','Tanaka','Silva','Novak','Byrne','Haddad','Kowalski','Reyes'])[1 + (i * 11) % 10],
      'A show about ' || (array['records','producers','scenes','labels','live sets','deep cuts','history','gear'])[1 + i % 8]
        || ' with guests from around the world. Episode notes ' || md5(i::text),
      (array['Spotify','Apple Podcasts','Google Podcasts','SoundCloud'])[1 + i % 4], 'Weekly',
      10 + (i * 37) % 41, i % 13 = 0, i % 17 = 0
    from generate_series(1, ${PODCASTS}) as i`);
  await db.execute(sql`
    insert into episodes (podcast_id, guid, title, description, audio_url, duration_seconds, published_at)
    select p.id, 'bench-' || p.id || '-' || e, 'Episode ' || e || ' of ' || p.title, 'Notes for episode ' || e,
      'https://media.example/' || p.id || '/' || e || '.mp3', 1200 + (p.id * e) % 3600,
      timestamptz '2026-11-01' - make_interval(days => e * 7 + p.id % 7)
    from podcasts p, generate_series(1, ${EPISODES_PER_PODCAST}) as e
    where p.slug like 'bench-%'`);
  await db.execute(sql`
    update podcasts set episode_count = ${EPISODES_PER_PODCAST},
      latest_episode_id = (select id from episodes where podcast_id = podcasts.id order by published_at desc nulls last, id desc limit 1)
    where slug like 'bench-%'`);
  await db.execute(sql`
    insert into podcast_category_links (podcast_id, category_id)
    select p.id, c.id from podcasts p join podcast_categories c on c.sort_order in (p.id % 6, (p.id * 5) % 6)
    where p.slug like 'bench-%' on conflict do nothing`);
  await db.execute(sql`
    update podcasts set category_names = (
      select array_agg(c.name order by c.sort_order) from podcast_category_links l
      join podcast_categories c on c.id = l.category_id where l.podcast_id = podcasts.id)
    where slug like 'bench-%'`);
  await db.execute(sql`analyze`);
}

async function measure(handle: DatabaseHandle) {
  const podcasts = createPodcastsRepository(handle.db);
  const rows: Array<Record<string, string | number>> = [];
  for (const [label, filters] of QUERIES) {
    let results = 0;
    for (let i = 0; i < 20; i++) results = (await podcasts.search(filters)).length; // warm up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await podcasts.search(filters);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    rows.push({
      engine: handle.engine,
      query: label,
      results,
      "p50 ms": +percentile(times, 50).toFixed(2),
      "p99 ms": +percentile(times, 99).toFixed(2),
    });
  }
  return rows;
}

async function onPostgres(adminUrl: string) {
  const name = `waveform_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const config: DatabaseConfig = { kind: "postgres", url: url.href };
  const handle = await openDatabase(config);
  try {
    await fill(handle, config);
    return await measure(handle);
  } finally {
    await handle.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}

const results: Array<Record<string, string | number>> = [];
const pgliteConfig: DatabaseConfig = { kind: "pglite", dataDir: null };
const pglite = await openDatabase(pgliteConfig);
try {
  const started = performance.now();
  await fill(pglite, pgliteConfig);
  console.error(
    `PGlite: ${PODCASTS} podcasts / ${PODCASTS * EPISODES_PER_PODCAST} episodes written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  results.push(...(await measure(pglite)));
} finally {
  await pglite.close();
}
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) results.push(...(await onPostgres(postgresUrl)));
else console.error("PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it");
console.table(results);
const worst = Math.max(
  ...results.filter((row) => row.query !== "minRating=4 (no search)").map((row) => Number(row["p50 ms"])),
);
console.log(`worst filtered p50: ${worst} ms (target ≤ 5 ms) ${worst <= 5 ? "met" : "NOT met"}`);
