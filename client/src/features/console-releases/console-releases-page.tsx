import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { PaginationState } from "@tanstack/react-table";
import type { ConsoleRelease } from "@waveform/contracts/console-releases";
import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { PageHead } from "../../components/layout/page-head";
import { Button } from "../../components/ui/button";
import { SearchInput } from "../../components/ui/search-input";
import { readableError } from "../../lib/api/errors";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { consoleReleasesQuery, createRelease, updateRelease } from "./console-releases.queries";
import { ReleaseDeleteButton } from "./release-delete-button";
import { EMPTY_RELEASE, ReleaseForm, releaseValues } from "./release-form";
import { ReleasesTable } from "./releases-table";

/** /admin/releases: every release, searched and paged on the server, and a form to add or edit one. */
export function ConsoleReleasesPage() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 20 });
  const q = useDebouncedValue(search, 250);
  const list = useQuery(
    consoleReleasesQuery({ q, page: pagination.pageIndex + 1, limit: pagination.pageSize }),
  );
  const [editing, setEditing] = useState<ConsoleRelease | null>(null);
  // A new key empties the add form after a save (and keeps it as typed after a refused one).
  const [formKey, setFormKey] = useState(0);
  const [status, setStatus] = useState("");
  const formHeading = useRef<HTMLHeadingElement>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["console", "releases"] });
  const showForm = (release: ConsoleRelease | null) => {
    setEditing(release);
    setFormKey((key) => key + 1);
    // The form is below the table: take the keyboard there (focus scrolls it into view), once drawn.
    requestAnimationFrame(() => formHeading.current?.focus());
  };

  return (
    <div className="space-y-8">
      <PageHead title="Releases" noindex />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">Releases</h1>
          <p className="mt-2 text-muted-foreground">
            Every release here is on the{" "}
            <Link to="/new-releases" className="underline underline-offset-4">
              new releases page
            </Link>{" "}
            and in search; changes show on the site at once.
          </p>
        </div>
        <Button onClick={() => showForm(null)}>
          <Plus aria-hidden="true" />
          New release
        </Button>
      </div>
      <p role="status" className="min-h-6 font-medium text-sm">
        {status}
      </p>
      <section aria-labelledby="release-list-heading" className="space-y-4">
        <h2 id="release-list-heading" className="sr-only">
          All releases
        </h2>
        <div className="max-w-md space-y-1.5">
          <label htmlFor="release-search" className="font-medium text-sm">
            Search by title or artist
          </label>
          <SearchInput
            id="release-search"
            value={search}
            onValueChange={(value) => {
              setSearch(value);
              setPagination((current) => ({ ...current, pageIndex: 0 }));
            }}
          />
        </div>
        {list.isPending ? (
          <p className="text-muted-foreground">Loading releases…</p>
        ) : list.isError ? (
          <p role="alert" className="text-destructive dark:text-red-400">
            The releases could not be loaded: {readableError(list.error)}
          </p>
        ) : (
          <ReleasesTable
            data={list.data}
            pagination={pagination}
            onPaginationChange={setPagination}
            onEdit={showForm}
          />
        )}
      </section>
      <section
        aria-labelledby="release-form-heading"
        className="max-w-3xl space-y-4 rounded-xl border p-4 sm:p-6"
      >
        <h2
          id="release-form-heading"
          ref={formHeading}
          tabIndex={-1}
          className="font-semibold text-xl outline-none"
        >
          {editing ? `Edit "${editing.title}"` : "Add a release"}
        </h2>
        <ReleaseForm
          key={`${editing?.id ?? "new"}-${formKey}`}
          defaultValues={editing ? releaseValues(editing) : EMPTY_RELEASE}
          submitLabel={editing ? "Save changes" : "Add release"}
          onSubmit={async (values) => {
            if (editing) {
              const saved = await updateRelease(editing.id, values);
              setEditing(saved);
              setStatus(`Saved "${saved.title}": the site shows the change now.`);
            } else {
              const saved = await createRelease(values);
              setFormKey((key) => key + 1);
              setStatus(`Added "${saved.title}" by ${saved.artist}: it is on the new releases page now.`);
            }
            await refresh();
          }}
        />
        {editing && (
          <div className="flex flex-wrap gap-2 border-t pt-4">
            <Button type="button" variant="outline" onClick={() => showForm(null)}>
              Cancel editing
            </Button>
            <ReleaseDeleteButton
              release={editing}
              onResult={setStatus}
              onDeleted={() => {
                setEditing(null);
                void refresh();
              }}
            />
          </div>
        )}
      </section>
    </div>
  );
}
