/**
 * One normative sentence of the contract and what enforces it: schema locations, check ids, runner suites,
 * or why it cannot be checked from outside, or that it binds clients (graded by `cbcheck certify-client`).
 */
import type { SuiteName } from "../../vocabulary/suite-name.js";

/** How a contract sentence is enforced. */
export interface ContractSentence {
  /** Contract section, e.g. "Resources / Response envelope". */
  section: string;
  /** The sentence (or table row), quoted from the contract. */
  sentence: string;
  /** Schema locations, `<file>.schema.json#/<pointer>`. */
  schema?: string[];
  /** Ids of checks in the catalogue. */
  checks?: string[];
  /** Runner suites that plan the requests this rule needs (beyond judging single exchanges). */
  suites?: SuiteName[];
  /** Why the sentence cannot be checked from outside the service. */
  notCheckable?: string;
  /** A rule for clients: what `certify-client` grades. */
  client?: string;
  /** The reading we chose where the sentence can be read more than one way. */
  reading?: string;
}

/** How a rule is counted in the rules table. */
export type SentenceStatus = "covered" | "not checkable" | "client rule";

/** The status of a rule: client rule, covered (schema, check or suite), or not checkable. */
export function sentenceStatus(rule: ContractSentence): SentenceStatus {
  if (rule.client !== undefined && !rule.schema && !rule.checks && !rule.suites) return "client rule";
  if (rule.schema || rule.checks || rule.suites) return "covered";
  return "not checkable";
}

/** Shorthand: the schema location `<name>.schema.json#<pointer>`. */
export const at = (name: string, pointer = ""): string => `${name}.schema.json#${pointer}`;

/** Shorthand for "not shown" sentences: nothing is invented to check. */
export const NOT_SHOWN = "not shown in the contract: nothing is invented to check";
