import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageShell } from "../../components/layout/page-shell";
import { paths } from "../../lib/paths";
import { siteConfig } from "../../lib/site-config";

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10 max-w-3xl">
      <h2 id={id} className="font-semibold text-2xl tracking-tight">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-muted-foreground [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-foreground [&_ul]:space-y-2">
        {children}
      </div>
    </section>
  );
}

/**
 * The privacy page (issue 33): what the club counts about its visitors, how, and what it never
 * does, in plain words. Every sentence here is true of the code (server/src/modules/insights/,
 * client/src/features/insights/, the player's play-tracking.ts, decisions 0022 and 0023); change one and the other together. The
 * address part (issue 43) follows the rate limits: the public API's (plugins/rate-limit.ts, one
 * minute), the Spotify search budget (10 minutes), the console's sign-in limits (15 minutes), the
 * purge of ended rows (jobs-plugin.ts, every 10 minutes) and the request log (lib/request-log.ts).
 */
export function Component() {
  return (
    <PageShell
      title="Privacy Policy"
      heading="Privacy: what we count, and what we never do"
      lead={`${siteConfig.name} counts how the site is used so its curators know what people listen to. It does so without cookies, without a banner, without anyone else's scripts, and what it keeps of its counts cannot tell who you are.`}
    >
      <Part id="what-we-count" title="What we count">
        <ul>
          <li>
            <strong>The pages opened</strong>: the page's address on this site and the day, nothing else about
            you.
          </li>
          <li>
            <strong>Where a visit came from</strong>: only the other website's domain (say,
            <span className="whitespace-nowrap"> news.example</span>), never the full address of the page you
            followed a link on.
          </li>
          <li>
            <strong>Plays in our player</strong>: that an episode started, and that 30 seconds of it were
            heard.
          </li>
          <li>
            <strong>Podcast downloads</strong>, by the podcast industry's rules (the IAB Podcast Measurement
            Guidelines): once enough of an episode was fetched to cover its first minute, once a day for each
            listener and episode, with the kind of app that fetched it (Apple Podcasts, Spotify, a browser…)
            read from the app's name.
          </li>
          <li>
            <strong>Saves to Spotify</strong> of our playlists.
          </li>
          <li>
            <strong>Searches that found nothing</strong>: the words, counted per day so we can fill the gap,
            never who searched them.
          </li>
          <li>
            <strong>The sponsor's banner</strong>: that at least half of it was on screen, and that its link
            was followed.
          </li>
        </ul>
      </Part>

      <Part id="how-we-count" title="How we tell visitors apart without a cookie">
        <p>
          To count visitors rather than clicks, the server makes a number from that day's random code (the
          "salt"), the site's name, your IP address and your browser's name and version (its User-Agent), and
          keeps only a shortened form of it. The same browser gets the same number for the rest of the day,
          and a different, unrelated one the next day.
        </p>
        <p>
          Each day's salt is made new at midnight (UTC) and <strong>deleted once the day has ended</strong>.
          Then the day's numbers are added up into totals and <strong>deleted too</strong>: after that, no
          one, us included, can work out that two visits came from the same person.
        </p>
      </Part>

      <Part id="your-address" title="Your IP address, for limits only">
        <p>
          To keep one visitor from flooding the site, the server counts each address's requests for a short
          time: searches, newsletter sign-ups, connecting to Spotify and saving playlists there for a minute,
          the Spotify searches those playlists make for 10 minutes, and sign-ins to the curators' console for
          15 minutes. The count is kept under your IP address (an IPv6 address by its network, the first
          half), in the server's memory or, for the Spotify searches, the console's sign-ins and every limit
          when several servers share the work, in the site's database.
        </p>
        <p>
          A count in the database is deleted within ten minutes of its time running out: your address stays
          there <strong>at most 25 minutes after your last request</strong>. A count in memory is never
          written anywhere; it is forgotten when newer visitors take its place or the server restarts. Your
          address is <strong>never written to the server's logs</strong>, and never kept with what we count.
        </p>
      </Part>

      <Part id="what-we-never-keep" title="What we never keep or do">
        <ul>
          <li>
            <strong>No cookie</strong> is set or read to count you, and no browser storage is used for it.
          </li>
          <li>
            <strong>No IP address and no User-Agent</strong> is kept with what we count, and no visitor number
            outlives its day. Your address's only other use is the limits above.
          </li>
          <li>
            <strong>No one else's scripts</strong>: no advertising network, no analytics company. Counting is
            done by this site's own server, and the numbers stay there.
          </li>
          <li>
            <strong>No profile of you</strong>: nothing links one day's visit to another's.
          </li>
        </ul>
      </Part>

      <Part id="what-we-never-count" title="What we never count">
        <ul>
          <li>
            <strong>Visitors who ask not to be tracked.</strong> If your browser sends Do Not Track or Global
            Privacy Control, nothing you do here is counted: the page sends nothing of its own, and the server
            leaves out whatever your browser asks for.
          </li>
          <li>
            <strong>Bots and crawlers</strong>, recognised by their names (the maintained isbot list).
          </li>
          <li>
            <strong>Our partners' links.</strong> The affiliate links on{" "}
            <Link to={paths.streamingPartners} className="text-primary underline">
              Streaming Partners
            </Link>{" "}
            are plain links: we do not record who follows them.
          </li>
        </ul>
      </Part>

      <Part id="what-you-see" title="What you see of it">
        <p>
          "Trending in the club this week" on the{" "}
          <Link to={paths.musicHub} className="text-primary underline">
            Music Hub
          </Link>{" "}
          and a show's "Most played" episodes are made from the last seven days' totals, and shown only once
          at least ten visitors have given them meaning. Only the club's curators see the rest, as daily
          totals.
        </p>
      </Part>
    </PageShell>
  );
}
