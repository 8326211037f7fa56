import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { spotifyLookups, playlistTracks as tracks } from "../../db/schema";
import { startSpotifyTestBed } from "../../test/spotify-visitor";
import { createTestApp } from "../../test/test-app";
import { testEngine } from "../../test/test-database";
import { takeNewSpotifyIds } from "./id-resolver-plugin";

const SECRET = "fake-app-secret";
const lookupsOf = async (bed: Awaited<ReturnType<typeof startSpotifyTestBed>>) =>
  (await bed.t.database.db.select().from(spotifyLookups)).length;

// How the app starts and stops the job is the same on either database (the lease that keeps it to
// one server is tested on both in id-resolver.jobs.test.ts): once, on PGlite.
describe.skipIf(testEngine === "postgres")(`The Spotify id resolver in the app on ${testEngine}`, () => {
  it("starts once the app is ready, works in the background, and stops when the app closes", async () => {
    const bed = await startSpotifyTestBed({
      seed: true,
      fake: { clientSecret: SECRET },
      env: { SPOTIFY_RESOLVER: "on" },
    });
    try {
      await bed.t.app.ready();
      const started = Date.now();
      while ((await lookupsOf(bed)) === 0) {
        if (Date.now() - started > 15_000) throw new Error("the resolver did not run");
        await sleep(100);
      }
      // A visitor's request is answered from the database and never waits for Spotify.
      const page = await bed.request("/api/playlists/1");
      expect(page.statusCode).toBe(200);
      expect(bed.fake.state.tokenGrants[0]).toEqual({ grantType: "client_credentials", clientAuth: "basic" });
    } finally {
      // The run under way (a batch of 50 songs, 300 ms apart) is cut short: closing does not wait
      // it out, so fewer than the batch's 50 songs were looked up, and nothing is asked afterwards.
      await bed.t.app.close();
      expect(await lookupsOf(bed)).toBeLessThan(50);
      const asked = bed.fake.state.requests.length;
      await sleep(700);
      expect(bed.fake.state.requests.length).toBe(asked);
      await bed.close();
    }
  });

  // Four apps, each on a freshly seeded database: on a 2-core machine busy with the rest of the
  // suite, preparing them took more than the default 30 s once (session 21's gate).
  it("does nothing without Spotify, without a client secret, when switched off, or by default in tests", {
    timeout: 120_000,
  }, async () => {
    const beds = await Promise.all([
      startSpotifyTestBed({ seed: true, spotify: false, env: { SPOTIFY_RESOLVER: "on" } }),
      startSpotifyTestBed({ seed: true, env: { SPOTIFY_RESOLVER: "on" } }),
      startSpotifyTestBed({ seed: true, fake: { clientSecret: SECRET }, env: { SPOTIFY_RESOLVER: "off" } }),
      startSpotifyTestBed({ seed: true, fake: { clientSecret: SECRET } }),
    ]);
    try {
      await Promise.all(beds.map((bed) => bed.t.app.ready()));
      // Past the first run's delay (2 s after ready).
      await sleep(2600);
      for (const bed of beds) {
        expect(bed.fake.state.requests).toEqual([]);
        expect(await lookupsOf(bed)).toBe(0);
      }
    } finally {
      await Promise.all(beds.map((bed) => bed.close()));
    }
  });
});

describe(`after a run that found Spotify ids (${testEngine})`, () => {
  it("the search index takes them: a track result opens the exact track, not a search", async () => {
    const t = await createTestApp({ seed: true });
    try {
      const [track] = await t.database.db
        .select()
        .from(tracks)
        .orderBy(asc(tracks.playlistId), asc(tracks.position))
        .limit(1);
      if (!track) throw new Error("the seed has no tracks");
      const uri = "spotify:track:4uLU6hMCjMI75M1A2tKUQC";
      // As the resolver does: every row of that song gets the uri.
      await t.database.db
        .update(tracks)
        .set({ spotifyUri: uri })
        .where(and(eq(tracks.title, track.title), eq(tracks.artist, track.artist)));
      const linksFor = async () => {
        const answer = await t.app.inject({
          url: `/api/search?q=${encodeURIComponent(track.title)}&type=track`,
        });
        return (answer.json() as { groups: { results: { spotifyUrl?: string }[] }[] }).groups.flatMap(
          (group) => group.results.map((result) => result.spotifyUrl),
        );
      };
      expect(await linksFor()).not.toContain("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC");
      await takeNewSpotifyIds(t.app);
      expect(await linksFor()).toContain("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC");
    } finally {
      await t.close();
    }
  });
});
