import { Command } from "commander";
import { addPodcastCommands } from "./podcast-program";

/** `npm run podcasts -- <add|refresh|list>`: podcast feed ingestion. */
const program = addPodcastCommands(
  new Command("podcasts").description("Waveform podcast feeds").showHelpAfterError(),
);

process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

program.parseAsync(process.argv).catch((error: unknown) => {
  console.error(`podcasts: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
