import { HttpUrlSchema } from "@waveform/contracts/catalogue";
import { toCsv } from "@waveform/contracts/csv";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { notifyCatalogueChanged } from "../db/notify";
import { advertisements, newsletterSubscriptions } from "../db/schema";
import {
  type CatalogueFile,
  exportCatalogue,
  type ImportSummary,
  importCatalogue,
  parseCatalogueFile,
} from "../modules/catalogue-io/index";

/**
 * The admin commands as plain functions over a database, so tests call them without a process.
 * Those that write the catalogue (advertisements included) end with NOTIFY catalogue_changed, so
 * every server on the PostgreSQL database drops its cached answers (decision 0014).
 */

export const catalogueExport = (db: Database) => exportCatalogue(db);

/** Reads and checks a catalogue file without a database, so a bad file fails before one opens. */
export function readCatalogueJson(json: string): CatalogueFile {
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch (error) {
    throw new Error(`The catalogue file is not JSON: ${(error as Error).message}`);
  }
  return parseCatalogueFile(document);
}

export async function catalogueImport(
  db: Database,
  json: string | CatalogueFile,
  options: { dryRun: boolean; onProgress?: (step: string) => void },
): Promise<ImportSummary> {
  const summary = await importCatalogue(
    db,
    typeof json === "string" ? readCatalogueJson(json) : json,
    options,
  );
  if (!options.dryRun) await notifyCatalogueChanged(db);
  return summary;
}

export async function adsList(db: Database) {
  const rows = await db.select().from(advertisements).orderBy(asc(advertisements.id));
  const now = Date.now();
  return rows.map((ad) => ({
    id: ad.id,
    slug: ad.slug,
    title: ad.title,
    active: ad.active,
    starts: ad.startsAt?.toISOString() ?? "—",
    ends: ad.endsAt?.toISOString() ?? "—",
    weight: ad.weight,
    live:
      ad.active &&
      (!ad.startsAt || ad.startsAt.getTime() <= now) &&
      (!ad.endsAt || ad.endsAt.getTime() > now),
  }));
}

export interface NewAd {
  slug: string;
  title: string;
  description: string;
  ctaText: string;
  ctaUrl: string;
  imageUrl?: string;
  startsAt?: string;
  endsAt?: string;
  weight?: number;
}

function parseTime(value: string | undefined, name: string): Date | null {
  if (value === undefined) return null;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new Error(`${name} is not a date and time: "${value}"`);
  return time;
}

export async function adsAdd(db: Database, ad: NewAd): Promise<number> {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(ad.slug))
    throw new Error(`--slug must be a lower-case slug, got "${ad.slug}"`);
  if (!HttpUrlSchema.safeParse(ad.ctaUrl).success)
    throw new Error(`--cta-url must be an http(s) address, got "${ad.ctaUrl}"`);
  const startsAt = parseTime(ad.startsAt, "--starts");
  const endsAt = parseTime(ad.endsAt, "--ends");
  if (startsAt && endsAt && endsAt <= startsAt) throw new Error("--ends must be after --starts");
  const [row] = await db
    .insert(advertisements)
    .values({ ...ad, imageUrl: ad.imageUrl ?? null, startsAt, endsAt, weight: ad.weight ?? 1, active: true })
    .returning({ id: advertisements.id });
  if (!row) throw new Error("the advertisement was not saved");
  await notifyCatalogueChanged(db);
  return row.id;
}

/** Ends an advertisement now (by slug or id); it is kept for the record. */
export async function adsEnd(db: Database, slugOrId: string): Promise<void> {
  const where = /^\d+$/.test(slugOrId)
    ? eq(advertisements.id, Number(slugOrId))
    : eq(advertisements.slug, slugOrId);
  const rows = await db
    .update(advertisements)
    .set({ active: false, endsAt: sql`least(coalesce(${advertisements.endsAt}, now()), now())` })
    .where(where)
    .returning({ id: advertisements.id });
  if (rows.length === 0) throw new Error(`No advertisement "${slugOrId}"`);
  await notifyCatalogueChanged(db);
}

/** Subscribers as CSV; confirmed ones unless `status` says otherwise ("all" for everyone). */
export async function newsletterExport(
  db: Database,
  status: "confirmed" | "pending" | "unsubscribed" | "all",
): Promise<string> {
  const rows = await db
    .select()
    .from(newsletterSubscriptions)
    .where(status === "all" ? undefined : eq(newsletterSubscriptions.status, status))
    .orderBy(asc(newsletterSubscriptions.id));
  const header = ["email", "status", "consent_at", "consent_text_version", "source_page", "confirmed_at"];
  return toCsv([
    header,
    ...rows.map((row) => [
      row.email,
      row.status,
      row.consentAt.toISOString(),
      row.consentTextVersion,
      row.sourcePage,
      row.confirmedAt?.toISOString(),
    ]),
  ]);
}
