// The club's episodes' chapters and transcripts, read from their committed files
// (server/media/podcasts/): for the episode page (podcasts) and the episode's search document
// (search). Its own module because podcasts depends on search, so search cannot use podcasts.
export { episodeChapters, episodeTranscript, publicChaptersUrl } from "./episode-timed-text";
