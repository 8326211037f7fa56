import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { federationPosts } from "../../db/schema";
import { createAccountsRepository, showIdentifier } from "./accounts.repository";
import { postUrl } from "./fediverse-pages.routes";

/** An episode's post on the fediverse, as a podcast feed names it (`podcast:socialInteract`). */
interface EpisodePost {
  /** The post's address (its Note). */
  uri: string;
  /** The show's account, `@<slug>@<host>`. */
  accountId: string;
  /** The show's page: its account's profile, asked for as ActivityPub JSON. */
  accountUrl: string;
}

/**
 * The posts of a club show's episodes, by episode id: what its feed's items point podcast apps to,
 * so their listeners can reply from the fediverse. Empty for a show that is no account (a web
 * show, or one whose slug the club's own handle took) and for episodes not posted yet.
 */
export function createEpisodePostLookup(db: Database, publicUrl: string) {
  const host = new URL(publicUrl).host;
  const accounts = createAccountsRepository(db);
  return async (slug: string): Promise<Map<number, EpisodePost>> => {
    const account = await accounts.byIdentifier(showIdentifier(slug));
    if (!account) return new Map();
    const rows = await db
      .select({
        id: federationPosts.id,
        subjectId: federationPosts.subjectId,
        object: federationPosts.object,
      })
      .from(federationPosts)
      .where(
        and(
          eq(federationPosts.accountKey, account.identifier),
          eq(federationPosts.subjectKind, "episode"),
          isNull(federationPosts.deletedAt),
        ),
      );
    const accountId = `@${account.handle}@${host}`;
    const accountUrl = `${publicUrl}/podcasts/${encodeURIComponent(slug)}`;
    return new Map(
      rows.map((row) => [
        row.subjectId,
        {
          uri: postUrl(publicUrl, row.id, row.object.type),
          accountId,
          accountUrl,
        },
      ]),
    );
  };
}
