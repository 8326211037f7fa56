import * as z from "zod/mini";
import { ImageUrlSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";

export const SITE_IMAGE_NAMES = ["hero", "platforms", "newsletter-background"] as const;
export type SiteImageName = (typeof SITE_IMAGE_NAMES)[number];

export const SiteImageSchema = z.object({ url: ImageUrlSchema });
export type SiteImage = z.infer<typeof SiteImageSchema>;

export const getSiteImage = (name: SiteImageName) =>
  defineEndpoint({
    method: "GET",
    path: `/api/images/${name}`,
    responses: { 200: SiteImageSchema },
  });
