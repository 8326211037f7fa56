import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../paths";
import { CONFIGURATION_DOC, renderConfigurationReference } from "./config-reference";

// `npm run docs:config`: writes the configuration reference from the schema.
writeFileSync(join(repoRoot, CONFIGURATION_DOC), renderConfigurationReference());
console.log(`Wrote ${CONFIGURATION_DOC}`);
