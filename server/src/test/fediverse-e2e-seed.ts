// The fediverse console journey's data (e2e/console-fediverse.spec.ts), written before the console
// server starts (scripts/e2e-server.mjs with E2E_FEDIVERSE_SEED=1), through the module's own
// repositories: the catalogue seeded as the server seeds it, the club's posts recorded as its first
// publication run records them (nothing sent), then followers and replies as the inbox records them.
//   node --import tsx server/src/test/fediverse-e2e-seed.ts

import { withDatabase } from "../cli/with-database";
import { prepareOpenDatabase } from "../db/prepare";
import { createRepositories, currentSubjects, digestOf } from "../modules/federation/index";

/** Where the seeded followers' servers are: connection refused at once, so deliveries fail fast. */
const UNREACHABLE = "http://127.0.0.1:9";

await withDatabase(async (db, config) => {
  await prepareOpenDatabase(db, config.database, { info: () => {} });
  const repos = createRepositories(db);
  for (const subject of await currentSubjects(db, config.publicUrl)) {
    await repos.posts.insert(subject, digestOf(subject.content), true);
  }
  const episode = (await repos.posts.all()).find((post) => post.subjectKind === "episode");
  if (!episode) throw new Error("the seeded catalogue has no club episode to reply to");

  const follower = (name: string, host: string, state: "pending" | "accepted") =>
    repos.followers.add({
      accountKey: "club",
      actorId: `https://${host}/users/${name}`,
      handle: `@${name}@${host}`,
      name: name[0]?.toUpperCase() + name.slice(1),
      inbox: `${UNREACHABLE}/users/${name}/inbox`,
      sharedInbox: null,
      followId: `https://${host}/follows/${name}`,
      state,
    });
  await follower("early", "fans.example", "accepted");
  await follower("latecomer", "fans.example", "pending");

  const reply = (name: string, host: string, text: string) =>
    repos.comments.upsert({
      objectId: `https://${host}/notes/${name}`,
      postId: episode.id,
      actorId: `https://${host}/users/${name}`,
      handle: `@${name}@${host}`,
      name: name[0]?.toUpperCase() + name.slice(1),
      profileUrl: `https://${host}/@${name}`,
      instance: host,
      body: [[{ text }, { text: " more here", url: `https://${host}/about` }]],
      url: `https://${host}/@${name}/1`,
      publishedAt: new Date("2026-11-20T10:00:00Z"),
    });
  await reply("chatty", "fans.example", "What a set, the second track especially.");
  await reply("spammer", "spam.example", "Cheap followers, click");
  console.log("fediverse journey data written");
});
