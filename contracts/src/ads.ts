import * as z from "zod/mini";
import { HttpUrlSchema, ImageUrlSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";

export const AdvertisementSchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  description: z.string(),
  ctaText: z.string(),
  /** Only http(s) call-to-action addresses are ever served. */
  ctaUrl: HttpUrlSchema,
  imageUrl: ImageUrlSchema,
});
export type Advertisement = z.infer<typeof AdvertisementSchema>;

/** What the banner requires of an advertisement: every field but `id`, which may be absent. */
export const AdvertisementReadingSchema = z.partial(AdvertisementSchema, { id: true });
export type AdvertisementReading = z.infer<typeof AdvertisementReadingSchema>;

/** 200 with the advertisement to show, or 204 when none is active. */
export const getCurrentAdvertisement = defineEndpoint({
  method: "GET",
  path: "/api/advertisements/current",
  responses: { 200: AdvertisementSchema, 204: z.null() },
});
