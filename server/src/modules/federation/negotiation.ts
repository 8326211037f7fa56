import type { FederationRepositories } from "./federation";

/**
 * True when the client asks for ActivityPub JSON rather than a page: a fediverse server looking a
 * page's address up. A browser's Accept (text/html first) never matches.
 */
export function wantsActivityJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const types = accept
    .split(",")
    .map((part) => part.split(";", 1)[0]?.trim().toLowerCase() ?? "")
    .filter((type) => type !== "");
  const first = types.findIndex(
    (type) => type === "application/activity+json" || type === "application/ld+json",
  );
  if (first === -1) return false;
  const html = types.indexOf("text/html");
  return html === -1 || first < html;
}

const SHOW_PAGE = /^\/podcasts\/([^/]+)$/;
const EPISODE_PAGE = /^\/podcasts\/([^/]+)\/(\d+)$/;
const ISSUE_PAGE = /^\/newsletter\/issues\/([^/]+)$/;
const PLAYLIST_PAGE = /^\/playlist\/(\d+)$/;

const postAddress = (post: { id: number; object: { type: string }; deletedAt: Date | null } | undefined) =>
  post && !post.deletedAt ? `/ap/${post.object.type === "Article" ? "articles" : "notes"}/${post.id}` : null;

/**
 * The ActivityPub address of what a page shows, for the pages that are fediverse things: the home
 * page is the club's account, a club show's page its account, an episode's, an issue's or a
 * playlist's page its post. Null for every other page (and for what was never posted).
 */
export async function activityPubAddressOf(
  path: string,
  repos: FederationRepositories,
): Promise<string | null> {
  if (path === "/") return "/ap/actors/club";
  let match = SHOW_PAGE.exec(path);
  if (match) {
    const identifier = await repos.accounts.identifierOfHandle(decodeURIComponent(match[1] ?? ""));
    return identifier && identifier !== "club" ? `/ap/actors/${identifier}` : null;
  }
  match = EPISODE_PAGE.exec(path);
  if (match) return postAddress(await repos.posts.bySubject("episode", Number(match[2])));
  match = PLAYLIST_PAGE.exec(path);
  if (match) return postAddress(await repos.posts.bySubject("playlist", Number(match[1])));
  match = ISSUE_PAGE.exec(path);
  if (match) {
    const issueId = await repos.posts.issueIdOfSlug(decodeURIComponent(match[1] ?? ""));
    return issueId === null ? null : postAddress(await repos.posts.bySubject("issue", issueId));
  }
  return null;
}
