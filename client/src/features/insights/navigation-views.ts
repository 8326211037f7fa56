import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { track } from "./track";

/**
 * Counts the site's client-side navigations as page views (issue 33): each new path after the
 * first. The page the visitor arrived on is counted by the server as it serves it, and a change of
 * the query alone (a filter, 'Load more') is the same page. Used once, by the site's layout (not
 * the console's).
 */
export function useNavigationViews(): void {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    track({ kind: "pageview", path: pathname });
  }, [pathname]);
}
