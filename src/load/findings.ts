/**
 * Findings of a load run, aggregated per (rule id, mix item): how many responses were judged, how many
 * broke the rule, and the first few counterexamples. Memory stays flat however long the run is.
 */
import type { Severity } from "../checks/check.js";
import { toCurl } from "../report/curl.js";
import type { Counterexample } from "../report/model.js";
import type { PreparedRequest } from "./request-mix.js";

/** Counterexamples kept per rule and mix item. */
const KEEP = 3;
/** Request bodies in counterexamples are cut here (an oversize probe is megabytes of spaces). */
const BODY_SHOWN = 2048;

/** One rule's tally on one mix item. */
export interface Finding {
  id: string;
  /** Mix item name (or operation); absent for profile-level rules. */
  item?: string;
  sentence: string;
  section?: string;
  judged: number;
  failed: number;
  warned: number;
  examples: Counterexample[];
  /** A note shown when the rule passed (figures), or why it is inconclusive. */
  message?: string;
  inconclusive?: boolean;
}

/** The rule a finding is about: its id, the sentence it enforces and that sentence's section. */
export interface RuleRef {
  readonly id: string;
  readonly sentence: string;
  readonly section?: string;
}

/** Collects findings; one instance per profile run. */
export class Findings {
  readonly #byKey = new Map<string, Finding>();

  /** The tally for a rule on an item, created on first use. */
  get({ id, sentence, section }: RuleRef, item?: string): Finding {
    const key = `${id}\u0000${item ?? ""}`;
    let f = this.#byKey.get(key);
    if (!f) {
      f = { id, item, sentence, section, judged: 0, failed: 0, warned: 0, examples: [] };
      this.#byKey.set(key, f);
    }
    return f;
  }

  /** Counts one judged response (or probe) for a rule. */
  pass(rule: RuleRef, item?: string): Finding {
    const f = this.get(rule, item);
    f.judged++;
    return f;
  }

  /** Counts one broken response (or probe) and keeps it as a counterexample while few are kept. */
  fail(
    rule: RuleRef,
    item: string | undefined,
    example: Counterexample,
    severity: Severity = "error",
  ): Finding {
    const f = this.get(rule, item);
    f.judged++;
    if (severity === "error") f.failed++;
    else f.warned++;
    if (f.examples.length < KEEP) f.examples.push(example);
    return f;
  }

  /** Every finding, in first-seen order. */
  all(): Finding[] {
    return [...this.#byKey.values()];
  }
}

/** A counterexample for a request of the mix; the key is shown as `<redacted>`. */
export function exampleFor(
  request: PreparedRequest,
  fields: {
    title: string;
    pointer?: string;
    expected?: string;
    received?: string;
    status?: number;
    evidence?: string[];
  },
): Counterexample {
  const url = `${request.recorded.baseUrl.replace(/\/$/, "")}${request.path}`;
  const body = request.body;
  const shownBody =
    body !== undefined && body.length > BODY_SHOWN
      ? `${body.slice(0, BODY_SHOWN).trimEnd()} … (${body.length} bytes)`
      : body;
  const headers = request.recorded.headers;
  return {
    ...fields,
    request: { method: request.method, url, headers, body: shownBody },
    curl: toCurl({ method: request.method, url, headers, body }),
  };
}
