/**
 * `cbcheck compare`: the same generated requests (the coverage phase's values of every parameter alone, of
 * every class, and random valid requests of every operation) go to the base release and the candidate, one
 * after the other;
 * each pair of responses is classified (classify.ts) and tallied, and the report (build-compare-report.ts)
 * groups the differences by kind and operation. A breaking difference fails the comparison.
 *
 * Every call goes through the guards every sending command shares (send-guard.ts): the overall deadline, an
 * interruption, giving up on a release that stopped answering or only answers 429, bounded bodies, and large
 * bodies judged on the worker; whatever stops the comparison, the pairs compared so far are reported.
 */

import fc from "fast-check";
import { HarnessError } from "../../errors.js";
import { headerSecrets } from "../../extra-headers.js";
import {
  GENERATED_OPERATIONS,
  type GeneratedOperation,
  inputCases,
  validRequests,
} from "../../generate/index.js";
import { Redactor } from "../../redactor.js";
import type { CommandResult } from "../../report/model.js";
import { sealResult } from "../../report/seal-result.js";
import type { Exchange } from "../../transport/exchange.js";
import { Transport } from "../../transport/send.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import type { TargetFixtures } from "../../vocabulary/target-fixtures.js";
import { discoverFixtures } from "../discover.js";
import { RunStopped } from "../run-stopped.js";
import { assertReachable, SendGuard } from "../send-guard.js";
import { toWireRequest } from "../wire-request.js";
import { buildCompareReport } from "./build-compare-report.js";
import { asOfOf, classifyPair } from "./classify.js";
import type { ResolvedCompareOptions } from "./compare-options.js";
import { CompareTally } from "./compare-tally.js";

export type { ResolvedCompareOptions } from "./compare-options.js";

/** Hooks of a comparison; all optional. */
export interface CompareHooks {
  /** Plain progress lines. */
  onProgress?: (line: string) => void;
  /** Aborted on an interruption (the CLI's SIGINT/SIGTERM): sending stops, what was compared is reported. */
  signal?: AbortSignal;
}

/** The planned requests of a comparison (of `o.operations` only), in sending order. */
export function compareRequests(
  o: Pick<ResolvedCompareOptions, "seed" | "runs" | "allowCredits" | "operations">,
  fixtures: TargetFixtures,
): PlannedRequest[] {
  const opts = { allowCredits: o.allowCredits };
  const wanted = (op: string) => o.operations.includes(op as GeneratedOperation);
  // Seeds by the operation's place among all of them, so that a subset sends the same requests of each.
  return GENERATED_OPERATIONS.flatMap((op, i) =>
    wanted(op)
      ? [
          ...(op === "me" || op === "capabilities"
            ? []
            : inputCases(op, fixtures, { ...opts, maxPairwise: 0 }).map((c) => c.request)),
          ...fc.sample(validRequests(op, fixtures, opts), { seed: o.seed + 7919 * i, numRuns: o.runs }),
        ]
      : [],
  );
}

/** The two releases of a comparison: where each request goes, with which key, through which guards. */
export class Releases {
  constructor(
    readonly o: ResolvedCompareOptions,
    readonly guard: SendGuard,
    readonly transport: Transport,
  ) {}

  /** Sends `request` to the base (`candidate` false) or the candidate, politely, through the guards. */
  send(request: PlannedRequest, candidate: boolean): Promise<Exchange> {
    const { o } = this;
    // Requests that choose another key (an invalid one, none) are sent without one: both releases alike.
    const keyed = request.key === undefined || request.key === "main";
    const [url, key, env] = candidate
      ? [o.candidateUrl, o.candidateApiKey, o.keyEnv.candidate]
      : [o.baseUrl, o.apiKey, o.keyEnv.base];
    // A 429 is a limit, not a difference between releases: waited out once (send-guard.ts).
    return this.guard.sendOutlasting429(
      this.transport,
      toWireRequest(request, url, keyed ? key : undefined, env),
    );
  }
}

/** Both releases must be reachable at all: a refused connection is a harness error, not a difference. */
async function preflight(releases: Releases): Promise<void> {
  const me: PlannedRequest = { operation: "me", method: "GET", path: "/me" };
  for (const candidate of [false, true]) {
    assertReachable(await releases.send(me, candidate), candidate ? "the candidate " : "the base ");
  }
}

/** Whether a request names its own snapshot (`as_of`), so that its answers say nothing of the releases'. */
function asksAsOf(request: PlannedRequest): boolean {
  const json =
    request.body && "json" in request.body ? (request.body.json as { as_of?: unknown }) : undefined;
  return request.query?.as_of !== undefined || json?.as_of !== undefined;
}

/** Sends every pair and tallies what it finds; throws `RunStopped` when the guards stop it. */
async function comparePairs(
  releases: Releases,
  requests: readonly PlannedRequest[],
  tally: CompareTally,
  progress: (line: string) => void,
): Promise<void> {
  const { o, guard } = releases;
  const judge = (ex: Exchange) => guard.prejudged.judge(ex).failures;
  // Whether both releases serve the same snapshot: their as_of on the first data request that names none.
  let sameSnapshot: boolean | undefined;
  for (const request of requests) {
    const base = await releases.send(request, false);
    const cand = await releases.send(request, true);
    if (!base.response) {
      tally.addUnanswered(request.operation);
      continue;
    }
    if (
      sameSnapshot === undefined &&
      !asksAsOf(request) &&
      asOfOf(base) !== undefined &&
      asOfOf(cand) !== undefined
    ) {
      sameSnapshot = asOfOf(base) === asOfOf(cand);
      if (!sameSnapshot)
        progress(
          `the releases serve different snapshots (as_of ${String(asOfOf(base))} / ${String(asOfOf(cand))}): changed values, fields and ids are data`,
        );
    }
    tally.add(request.operation, classifyPair(base, cand, o.ignore, sameSnapshot ?? true, judge), cand);
  }
}

/** Runs the comparison; the CLI writes the reports. */
export async function runCompare(
  o: ResolvedCompareOptions,
  hooks: CompareHooks = {},
): Promise<CommandResult> {
  const secrets = [o.apiKey, o.candidateApiKey, ...headerSecrets(o.headers)];
  // Both releases may echo a key: progress lines (the releases' as_of text) and the report leave redacted.
  const redactor = new Redactor(secrets);
  const progress = (line: string) => hooks.onProgress?.(redactor.text(line));
  const startedAt = new Date().toISOString();
  const guard = new SendGuard(o, hooks.signal ? { signal: hooks.signal } : {});
  let calls = 0;
  const transport = new Transport({
    timeoutMs: o.timeoutMs,
    maxBodyBytes: 16 * 2 ** 20,
    extraHeaders: o.headers,
    onExchange: () => {
      calls++;
    },
  });
  const releases = new Releases(o, guard, transport);
  const tally = new CompareTally();
  const notes: string[] = [];
  try {
    await preflight(releases);
    const requests = compareRequests(o, o.fixtures ?? (await discover(releases, progress)));
    if (requests.length * 2 > o.maxCalls) {
      throw new HarnessError(
        "CB_USAGE",
        `the comparison needs ${requests.length * 2} calls; --max-calls is ${o.maxCalls}`,
      );
    }
    progress(`comparing ${requests.length} requests on both releases (${requests.length * 2} calls)`);
    await comparePairs(releases, requests, tally, progress);
  } catch (err) {
    if (!(err instanceof RunStopped)) throw err;
  } finally {
    await guard.close();
    await transport.close();
  }
  const unanswered = [...tally.unanswered.values()].reduce((a, b) => a + b, 0);
  if (unanswered > 0)
    notes.push(`${unanswered} request(s) the base did not answer: those pairs were not compared`);
  const result = buildCompareReport({
    baseUrl: o.baseUrl,
    candidateUrl: o.candidateUrl,
    seed: o.seed,
    ignore: o.ignore,
    startedAt,
    finishedAt: new Date().toISOString(),
    calls,
    tally,
    ...(guard.stopped ? { stopped: guard.stopped } : {}),
    notes,
    secrets,
  });
  return sealResult(result, redactor);
}

/**
 * Ids from the base's own data when no fixtures file is given: the run's discovery (resolve queries, then
 * batch reads that rank the orgs and find sub-units, financial history and influencer ids), sent to the
 * base with its key, under the guards, outside the comparison's call budget.
 */
export function discover(
  releases: Releases,
  progress: (line: string) => void = () => {},
): Promise<TargetFixtures> {
  progress("discovering ids on the base through /resolve (no --fixtures given)");
  return discoverFixtures({ send: (request) => releases.send(request, false) }, releases.o.seed);
}
