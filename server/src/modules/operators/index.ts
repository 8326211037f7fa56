// The operators module's public surface: what app.ts, the CLI, tests and other modules may use.
export { accountRoutes } from "./account.routes";
export { consoleAuthRoutes } from "./console-auth.routes";
export {
  hashOperatorToken,
  issueSetPasswordToken,
  SET_PASSWORD_LINK_MS,
  setPasswordLink,
} from "./operator-tokens";
export {
  createOperatorsRepository,
  OperatorExistsError,
  type OperatorSummary,
  summaryOf,
} from "./operators.repository";
export { operatorsConsoleRoutes } from "./operators-console.routes";
export { dummyPasswordHash, hashPassword, verifyPassword } from "./password-hash";
export { passwordProblem } from "./password-policy";
export { SIGN_IN_LIMITS } from "./sign-in";
export { createTotp } from "./totp";
