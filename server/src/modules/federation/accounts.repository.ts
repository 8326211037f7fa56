import { exportJwk, generateCryptoKeyPair, importJwk } from "@fedify/fedify";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { federationAccounts, federationSettings } from "../../db/schema";
import { createPodcastFeedRepository } from "../podcasts/index";

/** The club account's handle until the console sets another. */
const DEFAULT_CLUB_HANDLE = "club";
const CLUB_HANDLE_SETTING = "club-handle";

/**
 * A fediverse account of the club: the club itself, or one of its shows. `identifier` names it in
 * its addresses (`/ap/actors/<identifier>`) and never changes; `handle` is what people type after
 * the @ (the club's is set in the console, a show's is its slug).
 */
export interface ClubAccount {
  kind: "club" | "show";
  identifier: string;
  handle: string;
  /** For a show, its slug. */
  slug: string | null;
}

export const CLUB_IDENTIFIER = "club";
const SHOW_PREFIX = "show-";

export const showIdentifier = (slug: string) => `${SHOW_PREFIX}${slug}`;

type CryptoKey = Awaited<ReturnType<typeof importJwk>>;
interface AccountKeyPair {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

export function createAccountsRepository(db: Database) {
  const shows = createPodcastFeedRepository(db);

  async function clubHandle(): Promise<string> {
    const [row] = await db
      .select({ value: federationSettings.value })
      .from(federationSettings)
      .where(eq(federationSettings.name, CLUB_HANDLE_SETTING));
    return row?.value ?? DEFAULT_CLUB_HANDLE;
  }

  async function isClubShow(slug: string): Promise<boolean> {
    return (await shows.ownShowSlugs()).includes(slug);
  }

  return {
    clubHandle,

    /**
     * Sets the club's handle (checked against HANDLE_PATTERN, in the contracts, by the console's
     * endpoint); refused (false) when a club show already answers to it.
     */
    async setClubHandle(handle: string): Promise<boolean> {
      if (await isClubShow(handle)) return false;
      await db
        .insert(federationSettings)
        .values({ name: CLUB_HANDLE_SETTING, value: handle })
        .onConflictDoUpdate({
          target: federationSettings.name,
          set: { value: handle, updatedAt: new Date() },
        });
      return true;
    },

    /** Every account: the club first, then the shows by slug. */
    async all(): Promise<ClubAccount[]> {
      const club: ClubAccount = {
        kind: "club",
        identifier: CLUB_IDENTIFIER,
        handle: await clubHandle(),
        slug: null,
      };
      const slugs = (await shows.ownShowSlugs()).filter((slug) => slug !== club.handle).sort();
      return [
        club,
        ...slugs.map(
          (slug): ClubAccount => ({ kind: "show", identifier: showIdentifier(slug), handle: slug, slug }),
        ),
      ];
    },

    /** The account an address names, or null (an unknown show, or a show no longer the club's). */
    async byIdentifier(identifier: string): Promise<ClubAccount | null> {
      if (identifier === CLUB_IDENTIFIER) {
        return { kind: "club", identifier, handle: await clubHandle(), slug: null };
      }
      if (!identifier.startsWith(SHOW_PREFIX)) return null;
      const slug = identifier.slice(SHOW_PREFIX.length);
      if (!(await isClubShow(slug)) || slug === (await clubHandle())) return null;
      return { kind: "show", identifier, handle: slug, slug };
    },

    /** The identifier a handle names (WebFinger's `acct:handle@host`), or null. */
    async identifierOfHandle(handle: string): Promise<string | null> {
      const wanted = handle.toLowerCase();
      if (wanted === (await clubHandle())) return CLUB_IDENTIFIER;
      return (await isClubShow(wanted)) ? showIdentifier(wanted) : null;
    },

    async manuallyApproves(identifier: string): Promise<boolean> {
      const [row] = await db
        .select({ value: federationAccounts.manuallyApproves })
        .from(federationAccounts)
        .where(eq(federationAccounts.key, identifier));
      return row?.value ?? false;
    },

    async setManuallyApproves(identifier: string, value: boolean): Promise<void> {
      await this.keyPairs(identifier);
      await db
        .update(federationAccounts)
        .set({ manuallyApproves: value })
        .where(eq(federationAccounts.key, identifier));
    },

    /**
     * The account's key pairs (RSA for HTTP Signatures, Ed25519 for Object Integrity Proofs), made
     * the first time they are asked for. Of two servers making them at once, the first to write
     * wins and both answer with its keys.
     */
    async keyPairs(identifier: string): Promise<AccountKeyPair[]> {
      const read = () =>
        db
          .select({ keyPairs: federationAccounts.keyPairs })
          .from(federationAccounts)
          .where(eq(federationAccounts.key, identifier));
      let [row] = await read();
      if (!row) {
        const made = await Promise.all(
          (["RSASSA-PKCS1-v1_5", "Ed25519"] as const).map(async (algorithm) => {
            const pair = await generateCryptoKeyPair(algorithm);
            return {
              publicKey: await exportJwk(pair.publicKey),
              privateKey: await exportJwk(pair.privateKey),
            };
          }),
        );
        await db.insert(federationAccounts).values({ key: identifier, keyPairs: made }).onConflictDoNothing();
        [row] = await read();
      }
      if (!row) throw new Error(`The keys of ${identifier} could not be stored.`);
      return Promise.all(
        row.keyPairs.map(async (pair) => ({
          privateKey: await importJwk(pair.privateKey, "private"),
          publicKey: await importJwk(pair.publicKey, "public"),
        })),
      );
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
