// The episodes' chapters and transcripts: the club's read from their committed files
// (server/media/podcasts/), web shows' fetched by the feed refresh job and stored (decision 0027);
// for the episode page (podcasts), the episode's search document (search) and the job (jobs).
// Its own module because podcasts depends on search, so search cannot use podcasts.
export { episodeChapters, episodeTranscript, publicChaptersUrl } from "./episode-timed-text";
export { fetchDueTimedText, type TimedTextRun } from "./remote-timed-text";
export {
  hasStoredChapters,
  storedChapters,
  storedTimedText,
  storedTranscriptWords,
} from "./stored-timed-text";
