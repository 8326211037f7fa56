// The operators module's public surface: what app.ts, the CLI, tests and other modules may use.
export { accountRoutes } from "./account.routes";
export { consoleAuthRoutes } from "./console-auth.routes";
export {
  hashOperatorToken,
  issueSetPasswordToken,
  setPasswordLink,
} from "./operator-tokens";
export { createOperatorsRepository } from "./operators.repository";
export { operatorsConsoleRoutes } from "./operators-console.routes";
export { hashPassword } from "./password-hash";
