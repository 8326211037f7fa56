import {
  INSTANCE_MESSAGE,
  instanceHost,
  REMOTE_FOLLOW_PATH,
  remoteFollowUrl,
} from "@waveform/contracts/fediverse-follow";
import type { FastifyPluginAsync } from "fastify";
import { xmlText as html } from "../../lib/markup-text";
import { createFediversePages, type FediversePagesOptions } from "./fediverse-pages.routes";

interface FollowQuery {
  show?: string;
  instance?: string;
}

const page = (title: string, body: string) =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${html(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><main>${body}</main></body></html>\n`;

/**
 * The remote-follow form without the page's script (it never loaded): `GET /fediverse/follow?
 * instance=<host>[&show=<slug>]`. With the script the form goes straight to the visitor's instance
 * from the browser. Here a valid host gets a page with the one link it may lead to, the instance's
 * `authorize_interaction` page for the account; not a redirect, which the pages' form-action
 * policy ('self') would stop. Bad input gets the form again with the text kept and what is wrong.
 * Nothing else is ever linked to: this is no open redirect.
 */
export const remoteFollowRoutes: FastifyPluginAsync<FediversePagesOptions> = async (app, options) => {
  const pages = createFediversePages(app.db, options);
  app.get<{ Querystring: FollowQuery }>(REMOTE_FOLLOW_PATH, async (request, reply) => {
    const { show, instance = "" } = request.query;
    const account =
      options.enabled && (show === undefined || typeof show === "string") ? await pages.account(show) : null;
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store");
    if (!account) {
      return reply
        .code(404)
        .send(page("Not found", "<h1>Not found</h1><p>This account is not on the fediverse.</p>"));
    }
    const back = `<p><a href="${html(account.pageUrl)}">Back</a></p>`;
    const host = typeof instance === "string" ? instanceHost(instance) : null;
    if (!host) {
      const field = `<form method="get" action="${REMOTE_FOLLOW_PATH}">${
        show === undefined ? "" : `<input type="hidden" name="show" value="${html(show)}">`
      }<label for="instance">Your instance</label><br><input id="instance" name="instance" value="${html(
        typeof instance === "string" ? instance : "",
      )}" aria-invalid="true" aria-describedby="instance-error" autocomplete="url"><p id="instance-error" role="alert">${html(
        INSTANCE_MESSAGE,
      )}.</p><button type="submit">Follow</button></form>`;
      return reply
        .code(400)
        .send(page(`Follow ${account.handle}`, `<h1>Follow ${html(account.handle)}</h1>${field}${back}`));
    }
    const target = remoteFollowUrl(host, account.handle);
    return reply.send(
      page(
        `Follow ${account.handle}`,
        `<h1>Follow ${html(account.handle)}</h1><p><a href="${html(target)}" rel="noopener">Continue to ${html(
          host,
        )}</a> to follow it from your account there.</p>${back}`,
      ),
    );
  });
};
