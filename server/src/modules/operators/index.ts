// The operators module's public surface: what app.ts, the CLI, tests and other modules may use.
export { dummyPasswordHash, hashPassword, verifyPassword } from "./password-hash";
