import { HttpUrlSchema } from "@waveform/contracts/catalogue";
import type { ExportStatus } from "@waveform/contracts/console-subscribers";
import type { Database } from "../db/client";
import { notifyCatalogueChanged } from "../db/notify";
import { createConsoleAdsRepository, listAdsById } from "../modules/ads/index";
import { cliActor, recordChange } from "../modules/audit/index";
import {
  type CatalogueFile,
  exportCatalogue,
  type ImportSummary,
  importCatalogue,
  parseCatalogueFile,
} from "../modules/catalogue-io/index";
import { createConsoleSubscribersRepository } from "../modules/newsletter/index";

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
  if (!options.dryRun) {
    // The audit trail has one entry per import, with its counts (the file itself is the operator's).
    await recordChange(db, {
      actor: cliActor,
      entity: "catalogue",
      entityId: "import",
      action: "import",
      after: summary,
    });
    await notifyCatalogueChanged(db);
  }
  return summary;
}

/** Every advertisement in id order, as the CLI's table shows them. */
export async function adsList(db: Database) {
  const ads = await listAdsById(db);
  return ads.map((ad) => ({
    id: ad.id,
    slug: ad.slug,
    title: ad.title,
    active: ad.active,
    starts: ad.startsAt ?? "—",
    ends: ad.endsAt ?? "—",
    weight: ad.weight,
    live: ad.state === "live",
  }));
}

interface NewAd {
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

/**
 * Schedules an advertisement through the ads module's repository, as the console does: audited as
 * the CLI and announced (NOTIFY catalogue_changed) in the same transaction.
 */
export async function adsAdd(db: Database, ad: NewAd): Promise<number> {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(ad.slug))
    throw new Error(`--slug must be a lower-case slug, got "${ad.slug}"`);
  if (!HttpUrlSchema.safeParse(ad.ctaUrl).success)
    throw new Error(`--cta-url must be an http(s) address, got "${ad.ctaUrl}"`);
  const startsAt = parseTime(ad.startsAt, "--starts");
  const endsAt = parseTime(ad.endsAt, "--ends");
  if (startsAt && endsAt && endsAt <= startsAt) throw new Error("--ends must be after --starts");
  const saved = await createConsoleAdsRepository(db).schedule(cliActor, {
    ...ad,
    imageUrl: ad.imageUrl ?? null,
    startsAt,
    endsAt,
    weight: ad.weight ?? 1,
  });
  return saved.id;
}

/** Ends an advertisement now (by slug or id); it is kept for the record. */
export async function adsEnd(db: Database, slugOrId: string): Promise<void> {
  const ended = await createConsoleAdsRepository(db).end(cliActor, slugOrId);
  if (!ended) throw new Error(`No advertisement "${slugOrId}"`);
}

/**
 * Subscribers as CSV; confirmed ones unless `status` says otherwise ("all" for everyone). The same
 * export as the console's, recorded in the audit trail as the CLI's.
 */
export async function newsletterExport(db: Database, status: ExportStatus): Promise<string> {
  return createConsoleSubscribersRepository(db).exportCsv(cliActor, status);
}
