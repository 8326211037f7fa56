import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { PageHead } from "../../components/layout/page-head";
import { readableError } from "../../lib/api/errors";
import { AccountsTable } from "./accounts-table";
import { BlockForm } from "./block-form";
import { BlocksTable } from "./blocks-table";
import { ClubHandleForm } from "./club-handle-form";
import { fediverseOverviewQuery } from "./console-fediverse.queries";
import { DeliveryHealth } from "./delivery-health";
import { FollowersTable } from "./followers-table";
import { ModerationQueue } from "./moderation-queue";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="font-semibold text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /admin/fediverse (admins): the club and its shows as accounts people follow from Mastodon and
 * other fediverse servers. Followers and approval per account, the club's handle, the replies
 * waiting for moderation, blocks, and delivery health. With FEDERATION off it says so, and how to
 * turn it on.
 */
export function ConsoleFediversePage() {
  const overview = useQuery(fediverseOverviewQuery);
  const [status, setStatus] = useState("");
  const [selected, setSelected] = useState("club");
  const data = overview.data;
  const account = data?.enabled
    ? (data.accounts.find((a) => a.identifier === selected) ?? data.accounts[0])
    : undefined;
  const clubHandle = (data?.enabled ? data.accounts[0]?.handle : undefined) ?? "club";
  return (
    <div className="space-y-8">
      <PageHead title="Fediverse" noindex />
      <div>
        <h1 className="font-bold text-3xl tracking-tight">Fediverse</h1>
        <p className="mt-2 text-muted-foreground">
          The club and each of its shows are accounts people follow from Mastodon and other fediverse servers.
          New episodes, sent issues and published playlists go to their followers; replies wait here before
          they show under their page.
        </p>
      </div>
      <p role="status" className="font-medium text-sm">
        {status}
      </p>
      {overview.isPending ? (
        <p className="text-muted-foreground">Loading…</p>
      ) : overview.isError ? (
        <p role="alert" className="text-destructive dark:text-red-400">
          The fediverse section could not be loaded: {readableError(overview.error)}
        </p>
      ) : !overview.data.enabled ? (
        <Section id="off" title="Federation is off">
          <p>{overview.data.message}</p>
          <p className="text-muted-foreground">
            While it is off the club has no fediverse accounts: nobody can find or follow them, and nothing is
            sent. Followers and comments already recorded are kept for when it is on again.
          </p>
        </Section>
      ) : (
        <>
          <Section id="accounts" title="Accounts">
            <AccountsTable
              accounts={overview.data.accounts}
              selected={account?.identifier ?? "club"}
              onSelect={setSelected}
              onResult={setStatus}
            />
          </Section>
          {account && (
            <Section id="followers" title={`Followers of ${account.address}`}>
              <FollowersTable key={account.identifier} account={account} onResult={setStatus} />
            </Section>
          )}
          <Section id="handle" title="The club's handle">
            <ClubHandleForm
              key={clubHandle}
              handle={clubHandle}
              host={overview.data.host}
              onResult={setStatus}
            />
          </Section>
          <Section id="moderation" title={`Replies to moderate (${overview.data.pendingComments})`}>
            <ModerationQueue onResult={setStatus} />
          </Section>
          <Section id="blocks" title="Blocked accounts and instances">
            <BlockForm onResult={setStatus} />
            <BlocksTable onResult={setStatus} />
          </Section>
          <Section id="deliveries" title="Delivery health">
            <DeliveryHealth onResult={setStatus} />
          </Section>
        </>
      )}
    </div>
  );
}
