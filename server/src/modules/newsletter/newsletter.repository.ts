import { createHash, randomBytes } from "node:crypto";
import { CONFIRM_TOKEN_DAYS, CONSENT_TEXT_VERSION } from "@waveform/contracts/newsletter";
import { and, eq, gt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { newsletterSettings, newsletterSubscriptions, outbox } from "../../db/schema";
import {
  isSignedUnsubscribeToken,
  unsubscribeLinkKey,
  verifiedSubscriptionId,
} from "./issues/unsubscribe-links";
import { WELCOME_SETTING } from "./issues/welcome";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
const newToken = () => randomBytes(32).toString("base64url");

export interface ConfirmationMail {
  to: string;
  /** The pages the mail links to (their buttons POST the tokens). */
  confirmUrl: string;
  unsubscribeUrl: string;
  /** RFC 8058 one-click address (the API); absent in mails queued before it existed. */
  listUnsubscribeUrl?: string;
}

/** The moment before which a confirmation token was issued too long ago to work. */
const confirmTokensIssuedAfter = sql`now() - make_interval(days => ${CONFIRM_TOKEN_DAYS})`;

export function createNewsletterRepository(db: Database) {
  return {
    /**
     * Records a subscription with its consent, and queues the confirmation mail in the same
     * transaction. An address that is already confirmed, or pending with a link that still works,
     * is left as it is (no new mail); one that had unsubscribed, or whose confirmation link has
     * expired (CONFIRM_TOKEN_DAYS: consent_at is when its tokens were issued), becomes pending with
     * new tokens and a new mail. Returns the queued mail, if any.
     */
    async subscribe(
      input: { email: string; sourcePage?: string | undefined },
      links: (tokens: { confirm: string; unsubscribe: string }) => Omit<ConfirmationMail, "to">,
    ): Promise<ConfirmationMail | null> {
      const tokens = { confirm: newToken(), unsubscribe: newToken() };
      const values = {
        email: input.email,
        status: "pending",
        consentAt: new Date(),
        consentTextVersion: CONSENT_TEXT_VERSION,
        sourcePage: input.sourcePage ?? null,
        confirmTokenHash: hashToken(tokens.confirm),
        unsubscribeTokenHash: hashToken(tokens.unsubscribe),
        confirmedAt: null,
        updatedAt: new Date(),
      };
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(newsletterSubscriptions)
          .values(values)
          .onConflictDoUpdate({
            target: newsletterSubscriptions.email,
            set: values,
            setWhere: or(
              eq(newsletterSubscriptions.status, "unsubscribed"),
              and(
                eq(newsletterSubscriptions.status, "pending"),
                lte(newsletterSubscriptions.consentAt, confirmTokensIssuedAfter),
              ),
            ),
          })
          .returning({ id: newsletterSubscriptions.id });
        if (!row) return null;
        const mail: ConfirmationMail = { to: input.email, ...links(tokens) };
        await tx.insert(outbox).values({ kind: "newsletter.confirm", payload: { ...mail } });
        return mail;
      });
    },

    /**
     * Confirms the pending subscription that owns this token; the token works once, and only within
     * CONFIRM_TOKEN_DAYS of the subscription.
     */
    async confirm(token: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(newsletterSubscriptions)
          .set({
            status: "confirmed",
            confirmedAt: sql`now()`,
            confirmTokenHash: null,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(newsletterSubscriptions.confirmTokenHash, hashToken(token)),
              eq(newsletterSubscriptions.status, "pending"),
              gt(newsletterSubscriptions.consentAt, confirmTokensIssuedAfter),
            ),
          )
          .returning({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email });
        const [confirmed] = rows;
        if (!confirmed) return false;
        // The welcome mail (issue 34), when the console turned it on: queued with the confirmation,
        // once per subscription ever (its key), in the words the settings hold now.
        const [welcome] = await tx
          .select()
          .from(newsletterSettings)
          .where(eq(newsletterSettings.name, WELCOME_SETTING));
        if (welcome?.value.enabled === true) {
          await tx
            .insert(outbox)
            .values({
              kind: "newsletter.welcome",
              dedupeKey: `welcome:${confirmed.id}`,
              payload: {
                to: confirmed.email,
                subscriptionId: confirmed.id,
                subject: String(welcome.value.subject ?? ""),
                body: String(welcome.value.body ?? ""),
              },
            })
            .onConflictDoNothing();
        }
        return true;
      });
    },

    /**
     * Unsubscribes the address that owns this token: the confirmation mail's token works once; the
     * signed link of an issue or welcome mail (unsubscribe-links.ts) works while the subscription exists.
     */
    async unsubscribe(token: string): Promise<boolean> {
      let which: SQL;
      if (isSignedUnsubscribeToken(token)) {
        const id = verifiedSubscriptionId(await unsubscribeLinkKey(db), token);
        if (id === null) return false;
        which = eq(newsletterSubscriptions.id, id);
      } else {
        which = eq(newsletterSubscriptions.unsubscribeTokenHash, hashToken(token));
      }
      const rows = await db
        .update(newsletterSubscriptions)
        .set({
          status: "unsubscribed",
          confirmTokenHash: null,
          unsubscribeTokenHash: null,
          updatedAt: sql`now()`,
        })
        .where(which)
        .returning({ id: newsletterSubscriptions.id });
      return rows.length === 1;
    },
  };
}
