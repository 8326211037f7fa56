import { createHash, randomBytes } from "node:crypto";
import { CONSENT_TEXT_VERSION } from "@waveform/contracts/newsletter";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { newsletterSubscriptions, outbox } from "../../db/schema";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
const newToken = () => randomBytes(32).toString("base64url");

export interface ConfirmationMail {
  to: string;
  confirmUrl: string;
  unsubscribeUrl: string;
}

export function createNewsletterRepository(db: Database) {
  return {
    /**
     * Records a subscription with its consent, and queues the confirmation mail in the same
     * transaction. An address that is already pending or confirmed is left as it is (no new mail);
     * one that had unsubscribed becomes pending again. Returns the queued mail, if any.
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
            setWhere: eq(newsletterSubscriptions.status, "unsubscribed"),
          })
          .returning({ id: newsletterSubscriptions.id });
        if (!row) return null;
        const mail: ConfirmationMail = { to: input.email, ...links(tokens) };
        await tx.insert(outbox).values({ kind: "newsletter.confirm", payload: { ...mail } });
        return mail;
      });
    },

    /** Confirms the pending subscription that owns this token; the token works once. */
    async confirm(token: string): Promise<boolean> {
      const rows = await db
        .update(newsletterSubscriptions)
        .set({ status: "confirmed", confirmedAt: sql`now()`, confirmTokenHash: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(newsletterSubscriptions.confirmTokenHash, hashToken(token)),
            eq(newsletterSubscriptions.status, "pending"),
          ),
        )
        .returning({ id: newsletterSubscriptions.id });
      return rows.length === 1;
    },

    /** Unsubscribes the address that owns this token; the token works once. */
    async unsubscribe(token: string): Promise<boolean> {
      const rows = await db
        .update(newsletterSubscriptions)
        .set({
          status: "unsubscribed",
          confirmTokenHash: null,
          unsubscribeTokenHash: null,
          updatedAt: sql`now()`,
        })
        .where(eq(newsletterSubscriptions.unsubscribeTokenHash, hashToken(token)))
        .returning({ id: newsletterSubscriptions.id });
      return rows.length === 1;
    },
  };
}
