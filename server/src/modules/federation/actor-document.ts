import type { Context } from "@fedify/fedify";
import { Endpoints, Image, Organization, PropertyValue, Update } from "@fedify/vocab";
import type { Database } from "../../db/client";
import { xmlText as escapeHtml } from "../../lib/markup-text";
import type { createAccountsRepository } from "./accounts.repository";
import { profileOf, type SiteFacts } from "./profiles";

type AccountsRepository = ReturnType<typeof createAccountsRepository>;

/**
 * An account's actor document (the club's or a show's): an `Organization`, which Mastodon shows as
 * an account, not a bot, with its name, bio, page, pictures, links and keys. Null for an account
 * that does not exist (any more).
 */
export async function actorDocument(
  ctx: Context<unknown>,
  db: Database,
  site: SiteFacts,
  accounts: AccountsRepository,
  identifier: string,
): Promise<Organization | null> {
  const account = await accounts.byIdentifier(identifier);
  if (!account) return null;
  const profile = await profileOf(db, site, account);
  if (!profile) return null;
  const keys = await ctx.getActorKeyPairs(identifier);
  return new Organization({
    id: ctx.getActorUri(identifier),
    preferredUsername: account.handle,
    name: profile.name,
    summary: `<p>${escapeHtml(profile.summary)}</p>`,
    url: new URL(profile.pageUrl),
    icon: new Image({ url: new URL(profile.avatar.url), mediaType: profile.avatar.mediaType }),
    image: new Image({ url: new URL(profile.header.url), mediaType: profile.header.mediaType }),
    attachments: profile.links.map(
      (link) =>
        new PropertyValue({
          name: link.name,
          value: `<a href="${escapeHtml(link.url)}" rel="me">${escapeHtml(link.url.replace(/^https?:\/\//, ""))}</a>`,
        }),
    ),
    inbox: ctx.getInboxUri(identifier),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    outbox: ctx.getOutboxUri(identifier),
    followers: ctx.getFollowersUri(identifier),
    featured: ctx.getFeaturedUri(identifier),
    publicKey: keys[0]?.cryptographicKey,
    assertionMethods: keys.map((key) => key.multikey),
    manuallyApprovesFollowers: await accounts.manuallyApproves(identifier),
    discoverable: true,
    indexable: true,
  });
}

/**
 * Tells an account's followers that its profile changed (the club's handle): an `Update` of its
 * actor document, so their servers show the new one now rather than when they next read it. Each
 * update has an id of its own (`at`): receivers deduplicate by id, and a second rename is news too.
 */
export async function sendProfileUpdate(
  ctx: Context<unknown>,
  db: Database,
  site: SiteFacts,
  accounts: AccountsRepository,
  identifier: string,
  at: Date = new Date(),
): Promise<boolean> {
  const actor = await actorDocument(ctx, db, site, accounts, identifier);
  if (!actor?.id) return false;
  await ctx.sendActivity(
    { identifier },
    "followers",
    new Update({
      id: new URL(`${actor.id.href}#update-${at.getTime()}`),
      actor: actor.id,
      object: actor,
      to: new URL("https://www.w3.org/ns/activitystreams#Public"),
      cc: ctx.getFollowersUri(identifier),
    }),
    { preferSharedInbox: true },
  );
  return true;
}
