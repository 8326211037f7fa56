import {
  addConsolePodcast,
  listConsolePodcasts,
  refreshConsolePodcast,
  updateConsolePodcastFlags,
} from "@waveform/contracts/console-podcasts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fromEndpoint } from "../../lib/endpoint-schema";
import { HttpError } from "../../plugins/errors";
import { actorOf } from "../audit/index";
import { createConsolePodcastsRepository, feedReadResult } from "./podcasts-console.repository";

interface PodcastsConsoleOptions {
  /** ALLOW_PRIVATE_FEEDS: local fixture feeds in tests; the default refuses (decision 0013). */
  allowPrivateFeeds: boolean;
}

const NOT_FOUND = "There is no such podcast.";

/**
 * The console's podcast feeds (editors, issue 18): list, add by address (read on the server with
 * the feed rules and the address guard), refresh now, featured and trending flags. Every write goes
 * through the repository the podcasts CLI uses.
 */
export const podcastsConsoleRoutes: FastifyPluginAsyncZod<PodcastsConsoleOptions> = async (app, options) => {
  const feeds = createConsolePodcastsRepository(app.db);
  const editor = { onRequest: app.requireOperator("editor") };
  const fetching = { allowPrivateAddresses: options.allowPrivateFeeds };
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  // A feed that cannot be added is the address field's error, so the form shows it beside the field.
  const feedUrlIssue = (message: string) => ({ error: message, issues: [{ path: "feedUrl", message }] });

  app.route({
    ...fromEndpoint(listConsolePodcasts),
    ...editor,
    handler: async () => ({ podcasts: await feeds.list() }),
  });

  app.route({
    ...fromEndpoint(addConsolePodcast),
    ...editor,
    handler: async (request, reply) => {
      const { feedUrl } = request.body;
      if (await feeds.findByFeedUrl(feedUrl)) {
        return reply
          .code(400)
          .send(feedUrlIssue("This feed is already listed; use 'Refresh now' to read it again."));
      }
      const { outcome, podcast } = await feeds.readFeed(actorOf(request), feedUrl, fetching);
      if (outcome.status === "failed" || !podcast) {
        return reply.code(400).send(feedUrlIssue(feedReadResult(outcome).message));
      }
      app.catalogueCache.clear();
      return reply.code(201).send({ podcast, result: feedReadResult(outcome) });
    },
  });

  app.route({
    ...fromEndpoint(refreshConsolePodcast),
    ...editor,
    handler: async (request) => {
      const known = await feeds.find(request.params.id);
      if (!known) throw new HttpError(404, NOT_FOUND);
      const { outcome, podcast } = await feeds.readFeed(actorOf(request), known.feedUrl, fetching);
      if (outcome.status === "added" || outcome.status === "updated") app.catalogueCache.clear();
      return { podcast: podcast ?? known, result: feedReadResult(outcome) };
    },
  });

  app.route({
    ...fromEndpoint(updateConsolePodcastFlags),
    ...editor,
    handler: async (request) => {
      const podcast = await feeds.setFlags(actorOf(request), request.params.id, request.body);
      if (!podcast) throw new HttpError(404, NOT_FOUND);
      app.catalogueCache.clear();
      return { podcast };
    },
  });
};
