/**
 * Every normative sentence of contract cb/v1, section by section, with what enforces it (schema location,
 * check id, runner suite), or why it is not checkable from outside, or that it is a client rule.
 * `npm run gen:docs` renders this list into docs/contract-rules.md.
 */
import { ACCESS_SENTENCES } from "./access.js";
import { DATA_SHAPE_SENTENCES } from "./data-shapes.js";
import { ENDPOINT_SENTENCES } from "./endpoints.js";
import { ENVELOPE_SENTENCES } from "./envelope.js";
import { LIMIT_SENTENCES } from "./limits.js";
import { NODE_SENTENCES } from "./node.js";
import type { ContractSentence } from "./sentence.js";
import { SERVICE_SENTENCES } from "./service.js";

export { type ContractSentence, type SentenceStatus, sentenceStatus } from "./sentence.js";

/** The rules table, in contract order. */
export const CONTRACT_SENTENCES: readonly ContractSentence[] = [
  ...SERVICE_SENTENCES,
  ...ENVELOPE_SENTENCES,
  ...NODE_SENTENCES,
  ...DATA_SHAPE_SENTENCES,
  ...ENDPOINT_SENTENCES,
  ...ACCESS_SENTENCES,
  ...LIMIT_SENTENCES,
];
