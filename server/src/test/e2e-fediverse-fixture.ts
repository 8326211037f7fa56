// The public journeys' fediverse fixture (e2e/fediverse-follow.spec.ts), written by
// scripts/e2e-server.mjs before the public server starts, on its fresh database: the server is
// built once as it will run (FEDERATION=on), its publication job's first run records the seeded
// episodes, issues and playlists as posts, and the newest episode of a club show gets two
// approved replies from the fediverse (one with a link), a pending one, two likes and a boost.
// What the journey needs to find them goes to the JSON file E2E_FEDIVERSE_FIXTURE names.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { repoRoot } from "../paths";

const file = process.env.E2E_FEDIVERSE_FIXTURE;
if (!file) throw new Error("E2E_FEDIVERSE_FIXTURE names no file");
const config = loadConfig();
const app = await buildApp(config);
await app.ready();
try {
  const federation = app.federation;
  if (!federation) throw new Error("FEDERATION is off: the fixture needs it on");
  await federation.publishNow();
  const [post] = (await federation.repos.posts.all())
    .filter((row) => row.subjectKind === "episode" && !row.deletedAt)
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
  if (!post) throw new Error("no episode of a club show was posted");
  const show = await federation.repos.accounts.byIdentifier(post.accountKey);
  if (!show?.slug) throw new Error(`${post.accountKey} is no show's account`);
  const { comments, posts } = federation.repos;
  const reply = (n: number, body: ({ text: string } | { text: string; url: string })[][]) => ({
    objectId: `https://fans.example/users/ana/statuses/${n}`,
    postId: post.id,
    actorId: "https://fans.example/users/ana",
    handle: "@ana@fans.example",
    name: "Ana Fan",
    profileUrl: "https://fans.example/@ana",
    instance: "fans.example",
    body,
    url: `https://fans.example/@ana/${n}`,
    publishedAt: new Date(Date.UTC(2026, 10, n, 12)),
  });
  const replies = [
    reply(1, [[{ text: "Loved this one. The B-side at 12:40 is perfect." }]]),
    reply(2, [
      [{ text: "More from the same label: " }, { text: "their site", url: "https://label.example/" }],
      [{ text: "Second paragraph." }],
    ]),
    reply(3, [[{ text: "Not approved yet, so not shown." }]]),
  ];
  for (const [index, value] of replies.entries()) {
    const row = await comments.upsert(value);
    if (row && index < 2) await comments.setState(row.id, "approved");
  }
  const actor = (who: string) => `https://fans.example/users/${who}`;
  await posts.addReaction(post.id, "like", `${actor("ana")}#likes/1`, actor("ana"));
  await posts.addReaction(post.id, "like", `${actor("bo")}#likes/1`, actor("bo"));
  await posts.addReaction(post.id, "announce", `${actor("ana")}/statuses/9/activity`, actor("ana"));
  const path = resolve(repoRoot, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(
    path,
    JSON.stringify({
      showPath: `/podcasts/${show.slug}`,
      episodePath: `/podcasts/${show.slug}/${post.subjectId}`,
      showHandle: `@${show.slug}@${new URL(config.publicUrl).host}`,
    }),
  );
} finally {
  await app.close();
}
