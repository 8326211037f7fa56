import type { Command } from "commander";
import {
  operatorsAdd,
  operatorsDisable,
  operatorsList,
  operatorsReset,
  parseRole,
} from "./operator-commands";
import { withDatabase } from "./with-database";

/**
 * `npm run admin -- operators …`: the curator console's accounts. Links go to standard output
 * (a script can capture them); notes to standard error. With PGlite the server must be stopped
 * first (one process per data folder); with PostgreSQL it may run.
 */
export function addOperatorCommands(command: Command): Command {
  command
    .command("add <emails...>")
    .description("add operators and print each one's one-time set-password link (valid 1 hour), one a line")
    .option("--role <role>", "editor or admin", "editor")
    .action(async (emails: string[], options: { role: string }) => {
      const role = parseRole(options.role);
      // One database opening for all of them; each is its own transaction.
      await withDatabase(async (db, config) => {
        for (const email of emails) {
          const added = await operatorsAdd(db, email, role, config.publicUrl);
          console.error(`added ${added.email} (${added.role}); their set-password link, valid 1 hour, once:`);
          console.log(added.link);
        }
      });
    });
  command.command("list").action(async () => {
    console.table(await withDatabase(operatorsList));
  });
  command
    .command("disable <email>")
    .description("stop an operator signing in, and end all their sessions now")
    .action(async (email: string) => {
      await withDatabase((db) => operatorsDisable(db, email));
      console.error(`disabled ${email}; their sessions have ended`);
    });
  command
    .command("reset <email>")
    .description("print a new one-time set-password link (earlier links stop working)")
    .option("--remove-two-step", "also turn their two-step sign-in off (a lost authenticator app)")
    .action(async (email: string, options: { removeTwoStep?: boolean }) => {
      const removeTwoStep = Boolean(options.removeTwoStep);
      const link = await withDatabase((db, config) =>
        operatorsReset(db, email, config.publicUrl, { removeTwoStep }),
      );
      console.error(`new set-password link for ${email}, valid 1 hour, once:`);
      console.log(link);
    });
  return command;
}
