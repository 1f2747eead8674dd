/**
 * Tallies of a load run, one per (verdict, mix item): how many responses were judged, how many broke the
 * verdict, and the first few counterexamples. Memory stays flat however long the run is.
 */
import type { Severity } from "../checks/check.js";
import { toCurl } from "../report/curl.js";
import type { Counterexample } from "../report/model.js";
import type { Verdict } from "../vocabulary/verdict.js";
import type { PreparedRequest } from "./request-mix.js";

/** Counterexamples kept per verdict and mix item. */
const KEEP = 3;
/** Request bodies in counterexamples are cut here (an oversize probe is megabytes of spaces). */
const BODY_SHOWN = 2048;

/** One verdict's tally on one mix item. */
export interface Tally {
  id: string;
  /** Mix item name (or operation); absent for profile-level verdicts. */
  item?: string;
  sentence: string;
  section?: string;
  judged: number;
  failed: number;
  warned: number;
  examples: Counterexample[];
  /** A note shown when the verdict passed (figures), or why it is inconclusive. */
  message?: string;
  inconclusive?: boolean;
  /** Left to a later judge (`load --merge` judges a split run's limiter on every segment's calls): `skip`. */
  deferred?: boolean;
}

/** Collects tallies; one instance per profile run. */
export class Tallies {
  readonly #byKey = new Map<string, Tally>();

  /** The tally of a verdict on an item, created on first use. */
  get({ id, sentence, section }: Verdict, item?: string): Tally {
    const key = `${id}\u0000${item ?? ""}`;
    let f = this.#byKey.get(key);
    if (!f) {
      f = { id, item, sentence, section, judged: 0, failed: 0, warned: 0, examples: [] };
      this.#byKey.set(key, f);
    }
    return f;
  }

  /** Counts one judged response (or probe) for a verdict. */
  pass(verdict: Verdict, item?: string): Tally {
    const f = this.get(verdict, item);
    f.judged++;
    return f;
  }

  /** Counts one broken response (or probe) and keeps it as a counterexample while few are kept. */
  fail(
    verdict: Verdict,
    item: string | undefined,
    example: Counterexample,
    severity: Severity = "error",
  ): Tally {
    const f = this.get(verdict, item);
    f.judged++;
    if (severity === "error") f.failed++;
    else f.warned++;
    if (f.examples.length < KEEP) f.examples.push(example);
    return f;
  }

  /** Every tally, in first-seen order. */
  all(): Tally[] {
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
