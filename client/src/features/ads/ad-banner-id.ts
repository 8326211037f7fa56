/** The site's banner's element id: the home page loads the banner's code when it comes near. */
export const AD_BANNER_ID = "sponsored";
