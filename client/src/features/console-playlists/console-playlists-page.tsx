import { useQuery } from "@tanstack/react-query";
import type { PaginationState } from "@tanstack/react-table";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { Button } from "../../components/ui/button";
import { SearchInput } from "../../components/ui/search-input";
import { readableError } from "../../lib/api/errors";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { consolePlaylistsQuery } from "./console-playlists.queries";
import { PlaylistsTable } from "./playlists-table";

/** /admin/playlists: every playlist, drafts too, searched and paged on the server. */
export function ConsolePlaylistsPage() {
  const [search, setSearch] = useState("");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 20 });
  const q = useDebouncedValue(search, 250);
  const list = useQuery(
    consolePlaylistsQuery({ q, page: pagination.pageIndex + 1, limit: pagination.pageSize }),
  );
  return (
    <div className="space-y-6">
      <PageHead title="Playlists" noindex />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">Playlists</h1>
          <p className="mt-2 text-muted-foreground">
            A new playlist is a draft until you publish it; only published ones are on the site.
          </p>
        </div>
        <Button asChild>
          <Link to="/admin/playlists/new">
            <Plus aria-hidden="true" />
            New playlist
          </Link>
        </Button>
      </div>
      <div className="max-w-md space-y-1.5">
        <label htmlFor="playlist-search" className="font-medium text-sm">
          Search by title, curator or genre
        </label>
        <SearchInput
          id="playlist-search"
          value={search}
          onValueChange={(value) => {
            setSearch(value);
            setPagination((current) => ({ ...current, pageIndex: 0 }));
          }}
        />
      </div>
      {list.isPending ? (
        <p className="text-muted-foreground">Loading playlists…</p>
      ) : list.isError ? (
        <p role="alert" className="text-destructive dark:text-red-400">
          The playlists could not be loaded: {readableError(list.error)}
        </p>
      ) : (
        <PlaylistsTable data={list.data} pagination={pagination} onPaginationChange={setPagination} />
      )}
    </div>
  );
}
