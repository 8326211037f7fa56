import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";
import { rowIdParam } from "./row-id";

/** The console's advertisement endpoints (issue 18, admins only). */

export const AD_STATES = ["live", "scheduled", "ended"] as const;
export type AdState = (typeof AD_STATES)[number];
export const AD_WEIGHT_MAX = 1000;

const MESSAGES = {
  title: "Give the advertisement a title (at most 120 characters)",
  description: "Write a description (at most 400 characters)",
  ctaText: "Write the button's text (at most 40 characters)",
  ctaUrl: "The button address must start with http:// or https://",
  imageUrl: "Use an image on this site: an address starting with /, or leave it empty",
  time: "Enter a date and time",
  endsAt: "The end must be after the start",
  weight: `Enter a whole number from 0 to ${AD_WEIGHT_MAX}`,
} as const;

const text = (max: number, message: string) =>
  z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));

/** A date and time the browser's `datetime-local` gives or an ISO time; the form sends ISO. */
const TimeSchema = z
  .string(MESSAGES.time)
  .check(z.refine((value) => value.trim() !== "" && !Number.isNaN(Date.parse(value)), MESSAGES.time));

export const NewAdSchema = z
  .object({
    title: text(120, MESSAGES.title),
    description: text(400, MESSAGES.description),
    ctaText: text(40, MESSAGES.ctaText),
    ctaUrl: z.pipe(
      z.string(MESSAGES.ctaUrl).check(z.trim()),
      z.url({ protocol: /^https?$/, error: MESSAGES.ctaUrl }).check(z.maxLength(2000, MESSAGES.ctaUrl)),
    ),
    // Same-site images only: the site's CSP allows no other (decision 0005), so a remote image would
    // show as a broken picture. Empty: generated artwork. No backslash: browsers read `/\host` as
    // `//host` (ImageUrlSchema, which shows it, refuses it too).
    imageUrl: z.optional(
      z.string(MESSAGES.imageUrl).check(z.trim(), z.regex(/^(\/(?!\/)[^\s\\]{0,500})?$/, MESSAGES.imageUrl)),
    ),
    startsAt: TimeSchema,
    endsAt: TimeSchema,
    // A number checked to be whole (not z.int, whose failure would hold back the end-after-start check).
    weight: z
      .number(MESSAGES.weight)
      .check(
        z.refine(Number.isInteger, MESSAGES.weight),
        z.minimum(0, MESSAGES.weight),
        z.maximum(AD_WEIGHT_MAX, MESSAGES.weight),
      ),
  })
  .check(
    z.refine(
      (ad) => Number.isNaN(Date.parse(ad.startsAt)) || Date.parse(ad.endsAt) > Date.parse(ad.startsAt),
      {
        message: MESSAGES.endsAt,
        path: ["endsAt"],
        // Checked even while other fields are wrong, so every field's error shows at once.
        when: (payload) => {
          const value = payload.value as { startsAt?: unknown; endsAt?: unknown };
          return typeof value.startsAt === "string" && typeof value.endsAt === "string";
        },
      },
    ),
  );
export type NewAdInput = z.input<typeof NewAdSchema>;
export type NewAd = z.output<typeof NewAdSchema>;

export const ConsoleAdSchema = z.object({
  id: z.int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  ctaText: z.string(),
  ctaUrl: z.string(),
  imageUrl: z.nullable(z.string()),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  weight: z.int(),
  active: z.boolean(),
  /** Live now, scheduled for later, or ended (switched off or past its end). */
  state: z.enum(AD_STATES),
});
export type ConsoleAd = z.infer<typeof ConsoleAdSchema>;

export const AdIdParamsSchema = z.object({
  id: rowIdParam("Advertisement id must be a positive whole number", "There is no such advertisement."),
});

export const listConsoleAds = defineEndpoint({
  method: "GET",
  path: "/api/admin/ads",
  responses: { 200: z.object({ ads: z.array(ConsoleAdSchema) }) },
});

export const createConsoleAd = defineEndpoint({
  method: "POST",
  path: "/api/admin/ads",
  body: NewAdSchema,
  responses: { 201: z.object({ ad: ConsoleAdSchema }) },
});

/** Stops showing an advertisement now; it is kept for the record. 404 for an unknown id. */
export const endConsoleAd = defineEndpoint({
  method: "POST",
  path: "/api/admin/ads/:id/end",
  params: AdIdParamsSchema,
  responses: { 200: z.object({ ad: ConsoleAdSchema }) },
});
