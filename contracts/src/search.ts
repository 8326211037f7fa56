import * as z from "zod/mini";
import { HttpUrlSchema, ImageUrlSchema } from "./catalogue";
import { defineEndpoint } from "./endpoint";
import { SEARCH_KINDS, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX } from "./search-kinds";

export * from "./search-kinds";

// Any control character (C0, DEL, C1): a query is typed text, never a NUL or an escape.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it looks for
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export const SearchKindSchema = z.enum(SEARCH_KINDS, `Type must be one of: ${SEARCH_KINDS.join(", ")}`);

export const SearchQuerySchema = z
  .object({
    q: z.string("Type something to search for").check(
      z.refine((value) => !CONTROL_CHARACTERS.test(value), "The search may not hold control characters"),
      z.trim(),
      z.minLength(1, "Type something to search for"),
      z.maxLength(SEARCH_QUERY_MAX, `The search may be at most ${SEARCH_QUERY_MAX} characters`),
    ),
    type: z.optional(SearchKindSchema),
    limit: z.optional(
      z.coerce
        .number(`Limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
        .check(
          z.int(`Limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`),
          z.gte(1, `Limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`),
          z.lte(SEARCH_LIMIT_MAX, `Limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`),
        ),
    ),
    /** Where the next page of one type starts, as the previous answer's `nextCursor` gave it. */
    cursor: z.optional(z.string().check(z.regex(/^\d{1,6}$/, "Cursor must be one an answer gave"))),
  })
  .check(
    z.refine((query) => query.cursor === undefined || query.type !== undefined, {
      message: "A cursor needs the type it pages through",
      path: ["cursor"],
    }),
  );
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** [start, end) offsets into the title (UTF-16) of the letters the query matched. */
export const MatchRangeSchema = z.tuple([z.int().check(z.gte(0)), z.int().check(z.gte(0))]);

export const SearchResultSchema = z.object({
  type: SearchKindSchema,
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: z.nullable(ImageUrlSchema),
  /** The site path of the item's page (a track: its playlist, at the track). */
  href: z.string().check(z.regex(/^\/(?!\/)/)),
  /** Tracks: where to listen on Spotify. */
  spotifyUrl: z.optional(HttpUrlSchema),
  matches: z.array(MatchRangeSchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchGroupSchema = z.object({
  type: SearchKindSchema,
  /** Every match of this type, of which `results` are the first (or the page the cursor asked for). */
  count: z.int().check(z.gte(0)),
  results: z.array(SearchResultSchema),
  /** The cursor of the next page of this type, or null when this is the last. */
  nextCursor: z.nullable(z.string()),
});
export type SearchGroup = z.infer<typeof SearchGroupSchema>;

export const SearchAnswerSchema = z.object({
  /** The query as searched: trimmed. */
  query: z.string(),
  /**
   * Groups with at least one match (only `type`'s when one was asked for): those whose best result's
   * name is the query come first, then those whose name starts with it, then the rest; SEARCH_KINDS
   * order among equals.
   */
  groups: z.array(SearchGroupSchema),
  /** A close title from the index, offered when nothing was found. */
  suggestion: z.nullable(z.string()),
});
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;

export const getSearch = defineEndpoint({
  method: "GET",
  path: "/api/search",
  querystring: SearchQuerySchema,
  responses: { 200: SearchAnswerSchema },
});
