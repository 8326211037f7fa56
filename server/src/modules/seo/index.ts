// The seo module's public surface: robots.txt, the sitemap and link-preview images, for app.ts.
export { type SeoOptions, seoRoutes } from "./seo.routes";
