import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { PageHead } from "../../components/layout/page-head";
import { Button } from "../../components/ui/button";
import { FormActions } from "../../components/ui/form-actions";
import { SearchInput } from "../../components/ui/search-input";
import { readableError } from "../../lib/api/errors";
import { consoleSubscribersQuery } from "./console-subscribers.queries";
import { ExportForm } from "./export-form";
import { SubscriberCounts } from "./subscriber-counts";
import { SubscribersTable } from "./subscribers-table";

/** /admin/subscribers (admins): counts by status, search by address (paged), export, removal. */
export function ConsoleSubscribersPage() {
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState({ q: "", page: 1 });
  const [status, setStatus] = useState("");
  const list = useQuery(consoleSubscribersQuery(search.q, search.page));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.matching / list.data.pageSize)) : 1;
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ q: typed.trim(), page: 1 });
  };
  return (
    <div className="space-y-8">
      <PageHead title="Subscribers" noindex />
      <div>
        <h1 className="font-bold text-3xl tracking-tight">Subscribers</h1>
        <p className="mt-2 text-muted-foreground">Newsletter subscribers and their consent.</p>
      </div>
      {list.data && <SubscriberCounts counts={list.data.counts} />}
      <section aria-labelledby="export-heading" className="space-y-3">
        <h2 id="export-heading" className="font-semibold text-xl">
          Export
        </h2>
        <ExportForm />
      </section>
      <section aria-labelledby="list-heading" className="space-y-4">
        <h2 id="list-heading" className="font-semibold text-xl">
          Find a subscriber
        </h2>
        <form
          aria-label="Search subscribers"
          onSubmit={onSearch}
          className="flex flex-wrap items-center gap-2"
        >
          <SearchInput
            aria-label="Search by address"
            placeholder="Part of an address"
            value={typed}
            onValueChange={setTyped}
            className="min-w-0 flex-1 sm:max-w-md"
          />
          <FormActions label="Search" />
        </form>
        <p role="status" className="font-medium text-sm">
          {status}
        </p>
        {list.isPending ? (
          <p className="text-muted-foreground">Loading subscribers…</p>
        ) : list.isError ? (
          <p role="alert" className="text-destructive dark:text-red-400">
            The subscribers could not be loaded: {readableError(list.error)}
          </p>
        ) : list.data.subscribers.length === 0 ? (
          <p className="text-muted-foreground">
            {search.q ? `No subscriber's address contains "${search.q}".` : "Nobody has subscribed yet."}
          </p>
        ) : (
          <>
            <SubscribersTable subscribers={list.data.subscribers} onErased={setStatus} />
            <nav aria-label="Subscriber pages" className="flex flex-wrap items-center gap-3">
              <Button
                variant="outline"
                size="sm"
                disabled={search.page <= 1}
                onClick={() => setSearch({ ...search, page: search.page - 1 })}
              >
                Previous
              </Button>
              <span className="text-sm">
                Page {search.page} of {pages} ({list.data.matching} found)
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={search.page >= pages}
                onClick={() => setSearch({ ...search, page: search.page + 1 })}
              >
                Next
              </Button>
            </nav>
          </>
        )}
      </section>
    </div>
  );
}
