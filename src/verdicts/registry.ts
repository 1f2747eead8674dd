/**
 * The registry of every verdict id a report can show: the response checks (src/checks/catalogue.ts), the
 * verdicts of the run suites (the input oracles among them), the runner and load (defined in this directory),
 * and the client rules of `certify-client` (src/certify/rules/index.ts). Docs, the registry tests and what
 * keys on verdict ids (run coverage, `replay --check`) read it here.
 */
import { CLIENT_RULES } from "../certify/rules/index.js";
import { CATALOGUE } from "../checks/catalogue.js";
import type { Verdict } from "../vocabulary/verdict.js";
import { ALT, AUTH, HTTP } from "./access.js";
import { COMPARE } from "./compare.js";
import { CREDITS } from "./credits.js";
import { INPUT } from "./input.js";
import type { JudgedVerdict, RegisteredVerdict } from "./judged-verdict.js";
import { BATCH, LIMITS } from "./limits.js";
import { LOAD } from "./load.js";
import { MEANING } from "./meaning.js";
import { RATE } from "./rate.js";
import { RUNNER } from "./runner.js";

export type { JudgedVerdict, RegisteredVerdict } from "./judged-verdict.js";

/** The file of a response check: `ext.subunits.cap` → `src/checks/ext-subunits-cap.ts`. */
const checkFile = (id: string): string => `src/checks/${id.replaceAll(/[._]/g, "-")}.ts`;

/** The file of a client rule: `client.wait_retry_after` → `src/certify/rules/wait-retry-after.ts`. */
const clientRuleFile = (id: string): string =>
  `src/certify/rules/${id.slice("client.".length).replaceAll("_", "-")}.ts`;

const own = (v: Verdict, judgedIn: string, name: string): RegisteredVerdict => ({
  id: v.id,
  section: v.section,
  sentence: v.sentence,
  level: v.level,
  judgedIn: [judgedIn],
  name,
});

const grouped = (group: Record<string, JudgedVerdict>): RegisteredVerdict[] =>
  Object.entries(group).map(([name, v]) => ({ ...v, name }));

/** Every verdict. */
const ALL: readonly RegisteredVerdict[] = [
  ...CATALOGUE.map((c) => own(c, checkFile(c.id), c.id)),
  ...[AUTH, HTTP, INPUT, ALT, CREDITS, LIMITS, BATCH, RATE, RUNNER, LOAD, COMPARE, MEANING].flatMap(grouped),
  ...CLIENT_RULES.map((r) => own(r, clientRuleFile(r.id), r.id)),
];
const byId = new Map(ALL.map((v) => [v.id, v]));

/** Every registered verdict: checks, suites (the input oracles among them), runner, load and client rules. */
export function allVerdicts(): readonly RegisteredVerdict[] {
  return ALL;
}

/** The registered verdict of an id; undefined for an id no report may show. */
export function verdictById(id: string): RegisteredVerdict | undefined {
  return byId.get(id);
}
