import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { readableError } from "../../lib/api/errors";
import { type ActivityFilters, activityQuery, filtersFrom } from "./activity.queries";
import { ActivityFiltersForm } from "./activity-filters";
import { ActivityTable } from "./activity-table";
import { consoleMeQuery } from "./console.queries";
import { ConsolePageHeading } from "./console-page-heading";

const addressOf = (filters: ActivityFilters) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  const search = params.toString();
  return search ? `?${search}` : "";
};

/** /admin/activity: the audit trail, newest first, filtered and paged through the address. */
export function ActivityPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFrom(searchParams);
  const activity = useQuery(activityQuery(filters));
  const { data: me } = useQuery(consoleMeQuery);
  const page = activity.data?.page ?? filters.page ?? 1;
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Activity">
        {me?.role === "admin"
          ? "Every change made in the console or with the admin CLI"
          : "Every change to the site's content (playlists, releases, genres, podcasts, catalogue imports) and to your own account"}
        : who, when, and the record before and after.
      </ConsolePageHeading>
      {activity.isPending ? (
        <p className="text-muted-foreground">Loading the activity…</p>
      ) : activity.isError ? (
        <p role="alert" className="text-destructive dark:text-red-400">
          The activity could not be loaded: {readableError(activity.error)}
        </p>
      ) : (
        <>
          <ActivityFiltersForm
            key={addressOf({ ...filters, page: undefined })}
            filters={filters}
            options={activity.data}
            onApply={(next) => setSearchParams(addressOf({ ...next, page: undefined }))}
          />
          <p role="status" className="text-sm">
            {activity.data.total === 0
              ? "No changes match."
              : `${activity.data.total} change${activity.data.total === 1 ? "" : "s"}; page ${page} of ${activity.data.pageCount}.`}
          </p>
          {activity.data.entries.length > 0 && <ActivityTable entries={activity.data.entries} />}
          {activity.data.pageCount > 1 && (
            <nav aria-label="Activity pages" className="flex gap-2">
              {page > 1 && (
                <Button asChild variant="outline">
                  <Link to={addressOf({ ...filters, page: page - 1 })}>Newer</Link>
                </Button>
              )}
              {page < activity.data.pageCount && (
                <Button asChild variant="outline">
                  <Link to={addressOf({ ...filters, page: page + 1 })}>Older</Link>
                </Button>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
