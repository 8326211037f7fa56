export * from "./genres";
export * from "./sessions";
