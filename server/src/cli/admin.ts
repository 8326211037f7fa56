import { readFileSync, writeFileSync } from "node:fs";
import { Command, InvalidArgumentError } from "commander";
import { ConfigError } from "../config";
import { DataDirLockedError } from "../db/pglite-lock";
import {
  adsAdd,
  adsEnd,
  adsList,
  catalogueExport,
  catalogueImport,
  newsletterExport,
  readCatalogueJson,
} from "./admin-commands";
import { addOperatorCommands } from "./operator-program";
import { addPlaylistCommands } from "./playlist-program";
import { addPodcastCommands } from "./podcast-program";
import { withDatabase } from "./with-database";

/**
 * `npm run --silent admin -- <command>`: catalogue, advertisement, newsletter and podcast
 * administration. Exports write only their data to standard output (messages go to standard
 * error), or to the file named by -o; without --silent npm itself puts its "> script" lines first.
 */

const write = (path: string | undefined, text: string) => {
  if (path) {
    writeFileSync(path, text);
    console.error(`wrote ${path}`);
  } else process.stdout.write(text);
};

const positiveInt = (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new InvalidArgumentError("must be a whole number ≥ 0");
  return number;
};

// `… | head` closes the pipe early; that is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

const program = new Command("admin").description("Waveform administration").showHelpAfterError();

const catalogue = program.command("catalogue").description("export or import the catalogue as JSON");
catalogue
  .command("export")
  .option("-o, --output <file>", "write to a file instead of standard output")
  .action(async (options: { output?: string }) => {
    const document = await withDatabase(catalogueExport);
    write(options.output, `${JSON.stringify(document, null, 2)}\n`);
  });
catalogue
  .command("import <file>")
  .description("upsert genres, playlists, releases and advertisements by slug, in one transaction")
  .option("--dry-run", "check everything, write nothing")
  .action(async (file: string, options: { dryRun?: boolean }) => {
    // Checked before the database opens: a bad file fails at once, and a new data folder is not made.
    const document = readCatalogueJson(readFileSync(file, "utf8"));
    const summary = await withDatabase((db) =>
      catalogueImport(db, document, {
        dryRun: Boolean(options.dryRun),
        onProgress: (step) => console.error(`… ${step}`),
      }),
    );
    console.log(
      `${options.dryRun ? "dry run, nothing written: would import" : "imported"} ${summary.genres} genres, ${summary.playlists} playlists (${summary.tracks} tracks), ${summary.releases} releases, ${summary.advertisements} advertisements`,
    );
  });

const ads = program.command("ads").description("sponsored advertisements");
ads.command("list").action(async () => {
  console.table(await withDatabase(adsList));
});
ads
  .command("add")
  .requiredOption("--slug <slug>")
  .requiredOption("--title <text>")
  .requiredOption("--description <text>")
  .requiredOption("--cta-text <text>")
  .requiredOption("--cta-url <url>", "http(s) address")
  .option("--image-url <url>")
  .option("--starts <time>", "ISO date and time")
  .option("--ends <time>", "ISO date and time")
  .option("--weight <n>", "higher wins when several are live", positiveInt)
  .action(async (options) => {
    const id = await withDatabase((db) => adsAdd(db, options));
    console.log(`added advertisement ${id}`);
  });
ads
  .command("end <slugOrId>")
  .description("stop showing an advertisement now")
  .action(async (slugOrId: string) => {
    await withDatabase((db) => adsEnd(db, slugOrId));
    console.log(`ended ${slugOrId}`);
  });

program
  .command("newsletter")
  .description("newsletter subscribers")
  .command("export")
  .description("subscribers as CSV (confirmed ones by default)")
  .option("--status <status>", "confirmed, pending, unsubscribed or all", "confirmed")
  .option("-o, --output <file>", "write to a file instead of standard output")
  .action(async (options: { status: string; output?: string }) => {
    if (!["confirmed", "pending", "unsubscribed", "all"].includes(options.status)) {
      throw new InvalidArgumentError(`--status must be confirmed, pending, unsubscribed or all`);
    }
    write(options.output, await withDatabase((db) => newsletterExport(db, options.status as "all")));
  });

addOperatorCommands(program.command("operators").description("curator console accounts"));
addPlaylistCommands(program.command("playlists").description("curated playlists: list, publish, unpublish"));
addPodcastCommands(program.command("podcasts").description("podcast feeds (same as npm run podcasts)"));

program.parseAsync(process.argv).catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof Error;
  console.error(`admin: ${known ? (error as Error).message : String(error)}`);
  process.exit(1);
});
