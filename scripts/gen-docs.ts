/**
 * `npm run gen:docs`: writes docs/contract-rules.md (from src/verdicts/sentences/index.ts) and docs/checks.md (from the
 * verdict registry), and prints how many contract sentences are covered, not checkable, or client rules.
 */
import { writeFileSync } from "node:fs";
import { allVerdicts } from "../src/verdicts/registry.js";
import { renderSentences, sentenceCounts } from "./docs/render-sentences.js";
import { renderVerdicts } from "./docs/render-verdicts.js";

const docs = new URL("../docs/", import.meta.url);
writeFileSync(new URL("contract-rules.md", docs), renderSentences());
writeFileSync(new URL("checks.md", docs), renderVerdicts());
const c = sentenceCounts();
process.stdout.write(
  `docs/contract-rules.md: ${c.total} sentences — ${c.covered} covered, ${c["not checkable"]} not checkable, ${c["client rule"]} client rules\n` +
    `docs/checks.md: ${allVerdicts().length} verdicts\n`,
);
