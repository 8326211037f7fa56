import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type {
  CatalogueBlockType,
  IssueFieldsInput,
  IssueUpdateSchema,
  WelcomeSettings,
} from "@waveform/contracts/newsletter-issues";
import type * as z from "zod/mini";
import { apiRequest } from "../../lib/api/request";

// Endpoints load with the first request (see lib/api/request.ts).
const contract = () => import("@waveform/contracts/newsletter-issues");
const searchContract = () => import("@waveform/contracts/search");
const releasesContract = () => import("@waveform/contracts/console-releases");

/** A catalogue item the editor may add as a block. */
export interface CatalogueChoice {
  type: CatalogueBlockType;
  id: number;
  title: string;
  subtitle: string;
}

const FOUND = 8;

/**
 * `q` among one kind of the catalogue: published playlists and episodes through the site's search
 * (what a subscriber can open), releases through the console's list (the search names a release by
 * its slug; a block needs its id).
 */
export const catalogueSearchQuery = (type: CatalogueBlockType, q: string) =>
  queryOptions({
    queryKey: ["console", "newsletter", "catalogue", type, q],
    queryFn: async ({ signal }): Promise<CatalogueChoice[]> => {
      if (type === "release") {
        const { rows } = await apiRequest((await releasesContract()).listConsoleReleases, {
          query: { q, page: 1, limit: FOUND },
          signal,
        });
        return rows.map((release) => ({
          type,
          id: release.id,
          title: release.title,
          subtitle: release.artist,
        }));
      }
      const answer = await apiRequest((await searchContract()).getSearch, {
        query: { q, type, limit: FOUND },
        signal,
      });
      return (answer.groups.find((group) => group.type === type)?.results ?? [])
        .map((result) => ({ type, id: Number(result.id), title: result.title, subtitle: result.subtitle }))
        .filter((choice) => Number.isInteger(choice.id) && choice.id > 0);
    },
    placeholderData: keepPreviousData,
  });

export const consoleIssuesQuery = queryOptions({
  queryKey: ["console", "newsletter", "issues"],
  queryFn: async ({ signal }) => apiRequest((await contract()).listConsoleIssues, { signal }),
});

export const consoleIssueQuery = (id: number) =>
  queryOptions({
    queryKey: ["console", "newsletter", "issue", id],
    queryFn: async ({ signal }) => apiRequest((await contract()).getConsoleIssue, { params: { id }, signal }),
  });

/** Catalogue items new since the last sent issue, offered as blocks. */
export const newsletterSuggestionsQuery = queryOptions({
  queryKey: ["console", "newsletter", "suggestions"],
  queryFn: async ({ signal }) => apiRequest((await contract()).newsletterSuggestions, { signal }),
});

export const welcomeSettingsQuery = queryOptions({
  queryKey: ["console", "newsletter", "welcome"],
  queryFn: async ({ signal }) => apiRequest((await contract()).getWelcomeSettings, { signal }),
});

/** Live progress while an issue sends (polled by the send panel, never declared by a route). */
export const issueProgressQuery = (id: number, polling: boolean) =>
  queryOptions({
    queryKey: ["console", "newsletter", "progress", id],
    queryFn: async ({ signal }) =>
      apiRequest((await contract()).consoleIssueProgress, { params: { id }, signal }),
    refetchInterval: polling ? 1_000 : false,
  });

/**
 * The mail (HTML and text) and the archive page the fields make, rendered by the server without
 * saving. Keyed by the fields, so the same text is rendered once; the last preview stays on screen
 * while the next renders.
 */
export const issuePreviewQuery = (fields: IssueFieldsInput) =>
  queryOptions({
    queryKey: ["console", "newsletter", "preview", fields],
    queryFn: async ({ signal }) =>
      apiRequest((await contract()).previewNewsletterIssue, { body: fields, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const createIssue = async (body: IssueFieldsInput) =>
  apiRequest((await contract()).createConsoleIssue, { body });
export const updateIssue = async (id: number, body: z.input<typeof IssueUpdateSchema>) =>
  apiRequest((await contract()).updateConsoleIssue, { params: { id }, body });
/** Answered 202 `{ to }` (read with the contract's 202 schema; apiRequest types 200/201 answers only). */
export const testSendIssue = async (id: number) =>
  (await apiRequest((await contract()).testSendConsoleIssue, { params: { id } })) as { to: string };
/** Sends (or, with `at`, schedules) `version` of the issue: the one the admin saw (409 when newer exists). */
export const sendIssue = async (id: number, version: number, at?: string) =>
  apiRequest((await contract()).sendConsoleIssue, {
    params: { id },
    body: at ? { at, version } : { version },
  });
export const pauseIssue = async (id: number) =>
  apiRequest((await contract()).pauseConsoleIssue, { params: { id } });
export const resumeIssue = async (id: number) =>
  apiRequest((await contract()).resumeConsoleIssue, { params: { id } });
export const saveWelcome = async (body: WelcomeSettings) =>
  apiRequest((await contract()).updateWelcomeSettings, { body });
