// The seo module's public surface: robots.txt, the sitemap and link-preview images, for app.ts.
export { seoRoutes } from "./seo.routes";
