import type { Command } from "commander";
import {
  type AddOptions,
  describeOutcome,
  describeSummary,
  factsFromOptions,
  podcastsAdd,
  podcastsList,
  podcastsRefresh,
} from "./podcast-commands";
import { withDatabase } from "./with-database";

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * The podcast commands, mounted both as `npm run podcasts -- …` and `npm run admin -- podcasts …`.
 * Progress and notes go to standard error; the summary (add, refresh) or the table (list) to
 * standard output; any failed feed makes the exit code 1.
 */
export function addPodcastCommands(command: Command): Command {
  command
    .command("add <feed>")
    .description("add a feed from an http(s) address or a local file, and read its episodes")
    .option("--slug <slug>", "address name on the site (default: from the title)")
    .option("--platform <name>", "Spotify, Apple Podcasts, Google Podcasts or SoundCloud")
    .option("--rating <n>", "1 to 5, one decimal")
    .option("--frequency <name>", "Daily, Weekly, Biweekly, Monthly or Irregular")
    .option("--category <name>", "one of the site's podcast categories (repeatable)", collect)
    .option("--featured", "feature it (its newest episode becomes the featured episode)")
    .option("--trending", "mark it as trending")
    .option("--new", "mark it as new")
    .action(async (feed: string, options: AddOptions) => {
      factsFromOptions(options); // bad options stop here, before any work
      console.error(`… reading ${feed}`);
      const outcome = await withDatabase((db, config) =>
        podcastsAdd(db, feed, options, { allowPrivateAddresses: config.allowPrivateFeeds }),
      );
      const line = describeOutcome(outcome);
      if (outcome.status === "failed") {
        console.error(line);
        console.log(describeSummary({ added: 0, updated: 0, notModified: 0, failed: 1 }));
        process.exitCode = 1;
        return;
      }
      console.error(line);
      console.log(
        describeSummary({
          added: outcome.status === "added" ? 1 : 0,
          updated: outcome.status === "updated" ? 1 : 0,
          notModified: outcome.status === "not-modified" ? 1 : 0,
          failed: 0,
        }),
      );
    });

  command
    .command("refresh [feeds...]")
    .description(
      "read feeds again: the ones named (id, slug or address), or those due (not read in the last hour or failing)",
    )
    .option("--all", "every feed, due or not")
    .action(async (feeds: string[], options: { all?: boolean }) => {
      const summary = await withDatabase((db, config) =>
        podcastsRefresh(db, feeds, {
          all: Boolean(options.all),
          allowPrivateAddresses: config.allowPrivateFeeds,
          onProgress: (outcome, index, total) =>
            console.error(`[${index + 1}/${total}] ${describeOutcome(outcome)}`),
        }),
      );
      if (summary.outcomes.length === 0) console.error("no feeds are due (use --all to read every feed)");
      console.log(describeSummary(summary));
      if (summary.failed > 0) process.exitCode = 1;
    });

  command
    .command("list")
    .description("every podcast with its episode count, last read and last error")
    .action(async () => {
      const rows = await withDatabase(podcastsList);
      if (rows.length === 0) console.error("no podcasts yet (add one: podcasts add <url|file>)");
      else console.table(rows);
    });
  return command;
}
