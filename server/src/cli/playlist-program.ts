import type { Command } from "commander";
import { InvalidArgumentError } from "commander";
import type { Database } from "../db/client";
import { cliActor } from "../modules/audit/index";
import { createConsolePlaylistsRepository, playlistWrites } from "../modules/playlists/index";
import { withDatabase } from "./with-database";

const playlistId = (value: string) => {
  if (!/^[1-9]\d{0,8}$/.test(value))
    throw new InvalidArgumentError("must be a playlist id (a whole number ≥ 1)");
  return Number(value);
};

/** Every playlist with its state, drafts included (what the console lists), newest first. */
export async function playlistsList(db: Database, q?: string) {
  const { rows } = await createConsolePlaylistsRepository(db).list({ q, page: 1, limit: 50 });
  return rows.map(({ id, title, published, featured, trackCount }) => ({
    id,
    title,
    status: published ? "published" : "draft",
    featured,
    tracks: trackCount,
  }));
}

/**
 * Publishes or unpublishes through the console's own write path (playlists.writes.ts): the search
 * index, the audit entry (actor "cli") and NOTIFY catalogue_changed, in one transaction.
 */
export async function playlistsSetPublished(db: Database, id: number, published: boolean): Promise<void> {
  await playlistWrites.setPublished(db, cliActor, id, published);
}

/** `npm run admin -- playlists …`: with PGlite the server must be stopped first; with PostgreSQL it may run. */
export function addPlaylistCommands(command: Command): Command {
  command
    .command("list [search]")
    .description("the newest 50 playlists (drafts too), or those whose title, curator or genre match")
    .action(async (search?: string) => {
      console.table(await withDatabase((db) => playlistsList(db, search)));
    });
  for (const [name, published] of [
    ["publish", true],
    ["unpublish", false],
  ] as const) {
    command
      .command(`${name} <id>`)
      .description(published ? "show a draft on the site" : "take a playlist off the site (a draft again)")
      .action(async (id: string) => {
        await withDatabase((db) => playlistsSetPublished(db, playlistId(id), published));
        console.error(`${published ? "published" : "unpublished"} playlist ${id}`);
      });
  }
  return command;
}
