// The club on the fediverse, on the site's pages: a show's follow box and the replies under a
// posted episode, issue or playlist, with the reads their routes declare. The footer's box and the
// frame's read are taken by path (app/root-layout.tsx, app/router.tsx), so the first load holds
// the box's code but not this entry.
export { ShowFollowBox } from "./account-follow";
export { fediverseAccountQuery, fediverseRepliesQuery } from "./fediverse.queries";
export { PostReplies } from "./post-replies";
