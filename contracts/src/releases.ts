import * as z from "zod/mini";
import { HttpUrlSchema, ImageUrlSchema, IsoDateSchema, PlaylistPlatformSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";

export const AlbumSchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  artist: z.string(),
  imageUrl: ImageUrlSchema,
  releaseDate: IsoDateSchema,
  trackCount: z.int().check(z.positive()),
  platform: PlaylistPlatformSchema,
  externalUrl: HttpUrlSchema,
  isNew: z.boolean(),
});
export type Album = z.infer<typeof AlbumSchema>;

export const listNewReleases = defineEndpoint({
  method: "GET",
  path: "/api/music/new-releases",
  responses: { 200: z.object({ albums: z.array(AlbumSchema) }) },
});
