/**
 * How many of the latest episodes the list shows at first, and adds per 'Load More Episodes'. A
 * module of its own: the page's structured data names as many, without loading the list's code.
 */
export const LATEST_EPISODES_SHOWN = 5;
