import { safeConsoleReturnTo } from "@waveform/contracts/console-auth";
import {
  adminOnlyConsoleRoutes,
  type ConsoleRouteId,
  consoleRoutes,
  publicConsoleRoutes,
} from "@waveform/contracts/console-routes";
import { fillPath } from "@waveform/contracts/endpoint";
import { type ApiRead, RENDER_MODE_HEADER } from "@waveform/contracts/page-render";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { fillTemplate, replaceLiterally, warnOfUndeclaredReads } from "../lib/page-html";
import type { ClientApp } from "./client-app";

const ROBOTS_META = '<meta name="robots" content="noindex, nofollow">';

/** The page's path and query as the sign-in page gets it back (`returnTo`). */
const signInAddress = (url: string) =>
  `${consoleRoutes.consoleSignIn}?returnTo=${encodeURIComponent(safeConsoleReturnTo(url))}`;

/**
 * The curator console's pages (decision 0017): the same client and server rendering as the site's
 * pages (decision 0009), but per operator, so never cached and never indexed. A page's reads of
 * `/api/admin/*` are answered by the real endpoint, called in-process with the request's cookie
 * (`app.inject`): a page shows exactly what its API answers to this operator, and a console
 * endpoint needs nothing more to be server-rendered. Other reads go to the catalogue's pageReads.
 */
export const consolePagesPlugin = fp(
  async (app: FastifyInstance, options: { clientApp: ClientApp | null }) => {
    const { clientApp } = options;
    const withRobots = (html: string) => replaceLiterally(html, "</head>", `${ROBOTS_META}</head>`);

    function readsFor(request: FastifyRequest) {
      return async (read: ApiRead): Promise<Response> => {
        if (read.method !== "GET" || !read.path.startsWith("/api/admin/")) return app.pageReads.read(read);
        const query = new URLSearchParams(read.query).toString();
        const answer = await app.inject({
          method: "GET",
          url: `${fillPath(read.path, read.params)}${query ? `?${query}` : ""}`,
          headers: { cookie: request.headers.cookie ?? "", host: request.headers.host ?? "localhost" },
          remoteAddress: request.ip,
        });
        const headers = { "content-type": String(answer.headers["content-type"] ?? "application/json") };
        return new Response(answer.statusCode === 204 ? null : answer.body, {
          status: answer.statusCode,
          headers,
        });
      };
    }

    async function html(request: FastifyRequest, status: number): Promise<{ status: number; html: string }> {
      if (!clientApp) return { status: 503, html: "" };
      if (!clientApp.renderer || request.headers[RENDER_MODE_HEADER] === "client") {
        return { status, html: withRobots(clientApp.html) };
      }
      try {
        const renderer = await clientApp.renderer();
        const page = await renderer.renderPage({
          url: request.url,
          site: clientApp.site,
          readApi: readsFor(request),
        });
        warnOfUndeclaredReads(request.log, request.url, page);
        const filled = fillTemplate(clientApp.html, page, clientApp.pageCode);
        // PageHead's own robots tag (noindex pages) may be there already; one is enough.
        return {
          status: status === 200 ? page.status : status,
          html: filled.includes('name="robots"') ? filled : withRobots(filled),
        };
      } catch (error) {
        request.log.error(
          { err: error, url: request.url },
          "console page could not be rendered; sending the shell",
        );
        return { status, html: withRobots(clientApp.html) };
      }
    }

    const page = (id: ConsoleRouteId | null) => async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header("x-robots-tag", "noindex, nofollow").header("cache-control", "no-store");
      const operator = await app.operatorSessions.load(request);
      const open = id !== null && publicConsoleRoutes.includes(id);
      if (!operator && !open) return reply.redirect(signInAddress(request.url), 302);
      // Signed in already: the sign-in page goes where it would have gone after signing in.
      if (operator && id === "consoleSignIn") {
        const returnTo = new URL(request.url, "http://console.invalid").searchParams.get("returnTo");
        return reply.redirect(safeConsoleReturnTo(returnTo), 302);
      }
      const forbidden = operator?.role === "editor" && id !== null && adminOnlyConsoleRoutes.includes(id);
      const answer = await html(request, id === null ? 404 : forbidden ? 403 : 200);
      if (!clientApp)
        return reply.status(503).send({ error: "The site has not been built yet: run `npm run build`." });
      return reply.status(answer.status).type("text/html; charset=utf-8").send(answer.html);
    };

    for (const id of Object.keys(consoleRoutes) as ConsoleRouteId[]) app.get(consoleRoutes[id], page(id));
    app.get(`${consoleRoutes.consoleHome}/*`, page(null));
  },
  { name: "console-pages", dependencies: ["operator-auth", "page-reads"] },
);
