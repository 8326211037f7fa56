export * from "./ads";
export * from "./genres";
export * from "./newsletter";
export * from "./playlists";
export * from "./podcasts";
export * from "./releases";
export * from "./sessions";
export * from "./site-images";
