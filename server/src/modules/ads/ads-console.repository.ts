import type { AdState, ConsoleAd } from "@waveform/contracts/console-ads";
import { asc, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client";
import { notifyCatalogueChanged } from "../../db/notify";
import { advertisements } from "../../db/schema";
import { slugify } from "../../lib/slugify";
import { type Actor, recordChange } from "../audit/index";

type AdRow = typeof advertisements.$inferSelect;

/** An advertisement to schedule, already checked (by the contract's NewAdSchema, or the CLI's options). */
interface AdToSchedule {
  /** The CLI names one; the console leaves it to the title. */
  slug?: string;
  title: string;
  description: string;
  ctaText: string;
  ctaUrl: string;
  imageUrl?: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  weight: number;
}

/** Live, scheduled or ended at `now`, by the same rules as the public `current()` read. */
function adState(row: Pick<AdRow, "active" | "startsAt" | "endsAt">, now = new Date()): AdState {
  if (!row.active || (row.endsAt && row.endsAt <= now)) return "ended";
  if (row.startsAt && row.startsAt > now) return "scheduled";
  return "live";
}

function toConsoleAd(row: AdRow, now = new Date()): ConsoleAd {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    ctaText: row.ctaText,
    ctaUrl: row.ctaUrl,
    imageUrl: row.imageUrl,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    weight: row.weight,
    active: row.active,
    state: adState(row, now),
  };
}

async function freeSlug(tx: Transaction, wanted: string): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ slug: advertisements.slug })
        .from(advertisements)
        .where(sql`${advertisements.slug} = ${wanted} or ${advertisements.slug} like ${`${wanted}-%`}`)
    ).map((row) => row.slug),
  );
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

/**
 * Advertisement writes for the console and the admin CLI alike: each one records its audit entry and
 * announces the change (NOTIFY catalogue_changed, delivered at commit) in the write's transaction.
 * A server that calls these also clears its own cache afterwards (`catalogueCache.clear()`).
 */
export function createConsoleAdsRepository(db: Database) {
  return {
    /** Every advertisement, newest first. */
    async list(now = new Date()): Promise<ConsoleAd[]> {
      const rows = await db.select().from(advertisements).orderBy(sql`${advertisements.id} desc`);
      return rows.map((row) => toConsoleAd(row, now));
    },

    /** Schedules a new advertisement. A named slug that is taken is an error; a derived one gets a suffix. */
    async schedule(actor: Actor, ad: AdToSchedule): Promise<ConsoleAd> {
      return db.transaction(async (tx) => {
        if (ad.slug) {
          const [taken] = await tx
            .select({ id: advertisements.id })
            .from(advertisements)
            .where(eq(advertisements.slug, ad.slug));
          if (taken) throw new Error(`An advertisement already has the slug "${ad.slug}"`);
        }
        const slug = ad.slug ?? (await freeSlug(tx, slugify(ad.title, 60) || "advertisement"));
        const [row] = await tx
          .insert(advertisements)
          .values({
            slug,
            title: ad.title,
            description: ad.description,
            ctaText: ad.ctaText,
            ctaUrl: ad.ctaUrl,
            imageUrl: ad.imageUrl || null,
            startsAt: ad.startsAt,
            endsAt: ad.endsAt,
            weight: ad.weight,
            active: true,
          })
          .returning();
        if (!row) throw new Error("the advertisement was not saved");
        await recordChange(tx, {
          actor,
          entity: "advertisement",
          entityId: row.id,
          action: "create",
          after: row,
        });
        await notifyCatalogueChanged(tx);
        return toConsoleAd(row);
      });
    },

    /** Ends an advertisement now (by id or slug); it is kept for the record. Null when there is none. */
    async end(actor: Actor, idOrSlug: number | string): Promise<ConsoleAd | null> {
      const where =
        typeof idOrSlug === "number" || /^\d+$/.test(idOrSlug)
          ? eq(advertisements.id, Number(idOrSlug))
          : eq(advertisements.slug, idOrSlug);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(advertisements).where(where).for("update");
        if (!before) return null;
        const [after] = await tx
          .update(advertisements)
          .set({ active: false, endsAt: sql`least(coalesce(${advertisements.endsAt}, now()), now())` })
          .where(eq(advertisements.id, before.id))
          .returning();
        if (!after) return null;
        await recordChange(tx, {
          actor,
          entity: "advertisement",
          entityId: after.id,
          action: "end",
          before,
          after,
        });
        await notifyCatalogueChanged(tx);
        return toConsoleAd(after);
      });
    },
  };
}

/** Every advertisement in id order, for the CLI's table. */
export async function listAdsById(db: Database): Promise<ConsoleAd[]> {
  const rows = await db.select().from(advertisements).orderBy(asc(advertisements.id));
  return rows.map((row) => toConsoleAd(row));
}
