/**
 * Every normative sentence of contract cb/v1, section by section, with what enforces it (schema location,
 * check id, runner suite), or why it is not checkable from outside, or that it is a client rule.
 * `npm run gen:docs` renders this list into docs/contract-rules.md.
 */
import { ACCESS_RULES } from "./rules/access.js";
import { DATA_SHAPE_RULES } from "./rules/data-shapes.js";
import { ENDPOINT_RULES } from "./rules/endpoints.js";
import { ENVELOPE_RULES } from "./rules/envelope.js";
import { LIMIT_RULES } from "./rules/limits.js";
import { NODE_RULES } from "./rules/node.js";
import type { ContractRule } from "./rules/rule.js";
import { SERVICE_RULES } from "./rules/service.js";

export { type ContractRule, type RuleStatus, ruleStatus } from "./rules/rule.js";

/** The rules table, in contract order. */
export const RULES: readonly ContractRule[] = [
  ...SERVICE_RULES,
  ...ENVELOPE_RULES,
  ...NODE_RULES,
  ...DATA_SHAPE_RULES,
  ...ENDPOINT_RULES,
  ...ACCESS_RULES,
  ...LIMIT_RULES,
];
