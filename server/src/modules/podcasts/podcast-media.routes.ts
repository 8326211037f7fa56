import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { podcastMediaFolder } from "../../paths";
import { PODCAST_MEDIA_PREFIX, podcastMediaType } from "./podcast-media-files";

/**
 * Told of each answer of a media address once it has been sent (an onResponse hook). app.ts hands
 * in the insights module's, which counts episode downloads by the IAB's rules: insights depends on
 * podcasts, so podcasts takes the listener it is given and knows nothing of insights (decision 0007).
 */
export type MediaAnswered = (request: FastifyRequest, reply: FastifyReply) => void;

interface PodcastMediaOptions {
  answered: MediaAnswered;
}

/**
 * The audio of the club's own shows and each episode's transcripts (WebVTT, SRT) and JSON chapters
 * (server/media/podcasts, made by its make-audio.mjs), each with its type (podcastMediaType). @fastify/send
 * does the HTTP: Range (206, 416 with `Content-Range: bytes *\/size`), HEAD, ETag and Last-Modified,
 * the content type, and refuses paths out of the folder. A file's name carries its content's hash,
 * so an address never changes content and may be cached for good. Other sites' players and podcast
 * apps may load the files (Cross-Origin-Resource-Policy: cross-origin), and other sites' web players
 * read the transcripts and chapters (CORS, as the podcast namespace asks).
 */
export const podcastMediaRoutes: FastifyPluginAsync<PodcastMediaOptions> = async (app, options) => {
  // @fastify/send answers a bad range with an error carrying `Content-Range: bytes */size`; the
  // site's error handler writes the body and status but not an error's headers, so they are put on
  // the reply here first (in this plugin's scope only) and the error goes on to it.
  app.setErrorHandler((error, _request, reply) => {
    const { headers } = error as { headers?: Record<string, string> };
    if (headers) reply.headers(headers);
    throw error;
  });
  app.addHook("onResponse", async (request, reply) => options.answered(request, reply));
  await app.register(fastifyStatic, {
    root: podcastMediaFolder,
    prefix: PODCAST_MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    acceptRanges: true,
    etag: true,
    lastModified: true,
    cacheControl: true,
    maxAge: "365d",
    immutable: true,
    allowedPath: (pathName) => podcastMediaType(pathName) !== null,
    setHeaders: (reply, path) => {
      reply.header("cross-origin-resource-policy", "cross-origin");
      const type = podcastMediaType(path.slice(podcastMediaFolder.length));
      if (type) reply.header("content-type", type);
      if (type && !type.startsWith("audio/")) reply.header("access-control-allow-origin", "*");
    },
  });
};
