// Runs the fake Spotify on a fixed port for the browser tests (playwright.config.ts starts it):
//   tsx server/src/test/fake-spotify/main.ts   (FAKE_SPOTIFY_PORT, default 3211)
import { startFakeSpotify } from "./fake-spotify";

const port = Number(process.env.FAKE_SPOTIFY_PORT ?? 3211);
const fake = await startFakeSpotify({
  port,
  clientId: process.env.SPOTIFY_CLIENT_ID || undefined,
  // With a secret, the site authenticates to the token endpoint with it (a confidential client).
  clientSecret: process.env.SPOTIFY_CLIENT_SECRET || null,
});
console.log(`fake Spotify listening on ${fake.url} (client id ${fake.clientId})`);

const stop = () => {
  fake.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
