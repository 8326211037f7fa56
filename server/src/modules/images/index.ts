// The images module's public surface: what app.ts and other modules may use.
export { imagesRoutes } from "./images.routes";
