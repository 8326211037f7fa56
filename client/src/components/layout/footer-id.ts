/** The footer's id: the root layout finds it in the server's page to load its code when near. */
export const FOOTER_ID = "site-footer";
