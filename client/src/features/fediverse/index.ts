// The club on the fediverse, on the site's pages: follow boxes (the footer's, a show's) and the
// replies under a posted episode, issue or playlist, with the reads their routes declare.
export { ClubFollowBox, ShowFollowBox } from "./account-follow";
export { fediverseAccountQuery, fediverseRepliesQuery } from "./fediverse.queries";
export { PostReplies } from "./post-replies";
