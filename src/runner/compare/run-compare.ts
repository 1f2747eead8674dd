/**
 * `cbcheck compare`: the same generated requests (valid requests of every operation, each optional parameter
 * alone and together, and every bound case) go to the base release and the candidate, one after the other;
 * each pair of responses is classified (classify.ts) and the report groups the differences by kind and
 * operation. A breaking difference fails the comparison.
 */
import fc from "fast-check";
import { HarnessError } from "../../errors.js";
import {
  GENERATED_OPERATIONS,
  negativeCases,
  parameterExamples,
  validRequests,
} from "../../generate/index.js";
import { Redactor } from "../../redactor.js";
import type { CommandResult } from "../../report/model.js";
import { sealResult } from "../../report/seal-result.js";
import type { Exchange } from "../../transport/exchange.js";
import { Transport, type WireRequest } from "../../transport/send.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import type { TargetFixtures } from "../../vocabulary/target-fixtures.js";
import { toWireRequest } from "../wire-request.js";
import { buildCompareReport, CompareTally } from "./build-compare-report.js";
import { asOfOf, classifyPair } from "./classify.js";

/** Resolved options of one comparison. */
export interface ResolvedCompareOptions {
  baseUrl: string;
  candidateUrl: string;
  apiKey: string;
  candidateApiKey: string;
  keyEnv: { base: string; candidate: string };
  fixtures: TargetFixtures;
  seed: number;
  runs: number;
  ignore: string[];
  maxCalls: number;
  timeoutMs: number;
  allowCredits: boolean;
}

/** Longest single wait on a 429's Retry-After before the comparison gives up on the pair. */
const MAX_WAIT_S = 60;

/** The planned requests of a comparison, in sending order. */
export function compareRequests(
  o: Pick<ResolvedCompareOptions, "fixtures" | "seed" | "runs" | "allowCredits">,
): PlannedRequest[] {
  const opts = { allowCredits: o.allowCredits };
  const valid = GENERATED_OPERATIONS.flatMap((op, i) => [
    ...parameterExamples(op, o.fixtures, opts),
    ...fc.sample(validRequests(op, o.fixtures, opts), { seed: o.seed + 7919 * i, numRuns: o.runs }),
  ]);
  return [...valid, ...negativeCases(o.fixtures).map((c) => c.request)];
}

function wire(request: PlannedRequest, baseUrl: string, apiKey: string, keyEnv: string): WireRequest {
  // Requests that choose another key (an invalid one, none) are sent without one: both releases alike.
  const keyed = request.key === undefined || request.key === "main";
  return toWireRequest(request, baseUrl, keyed ? apiKey : undefined, keyEnv);
}

/** Sends one request, waiting once on a 429's Retry-After (a limit is not a difference between releases). */
async function sendPolite(transport: Transport, request: WireRequest): Promise<Exchange> {
  const first = await transport.send(request);
  if (first.response?.status !== 429) return first;
  const wait = Number(first.response.headers["retry-after"] ?? "1");
  if (!Number.isFinite(wait) || wait > MAX_WAIT_S) return first;
  await new Promise((r) => setTimeout(r, Math.max(0, wait) * 1000));
  return transport.send(request);
}

/** Runs the comparison; the CLI writes the reports. */
export async function runCompare(
  o: ResolvedCompareOptions,
  onProgress: (line: string) => void = () => {},
): Promise<CommandResult> {
  const startedAt = new Date().toISOString();
  const requests = compareRequests(o);
  if (requests.length * 2 > o.maxCalls) {
    throw new HarnessError(
      "CB_USAGE",
      `the comparison needs ${requests.length * 2} calls; --max-calls is ${o.maxCalls}`,
    );
  }
  const secrets = [o.apiKey, o.candidateApiKey];
  const redactor = new Redactor(secrets);
  onProgress(`comparing ${requests.length} requests on both releases (${requests.length * 2} calls)`);
  const transport = new Transport({ timeoutMs: o.timeoutMs, maxBodyBytes: 16 * 2 ** 20 });
  const tally = new CompareTally();
  let calls = 0;
  // Whether both releases serve the same snapshot: their as_of on the first data request that names none.
  let sameSnapshot: boolean | undefined;
  try {
    for (const request of requests) {
      const base = await sendPolite(transport, wire(request, o.baseUrl, o.apiKey, o.keyEnv.base));
      const cand = await sendPolite(
        transport,
        wire(request, o.candidateUrl, o.candidateApiKey, o.keyEnv.candidate),
      );
      calls += 2;
      const asked =
        request.query?.as_of !== undefined ||
        (request.body &&
          "json" in request.body &&
          (request.body.json as { as_of?: unknown })?.as_of !== undefined);
      if (sameSnapshot === undefined && !asked && asOfOf(base) !== undefined && asOfOf(cand) !== undefined) {
        sameSnapshot = asOfOf(base) === asOfOf(cand);
        if (!sameSnapshot)
          // The as_of values are the releases' own text: redacted like everything the comparison reports.
          onProgress(
            redactor.text(
              `the releases serve different snapshots (as_of ${String(asOfOf(base))} / ${String(asOfOf(cand))}): changed values, fields and ids are data`,
            ),
          );
      }
      tally.add(request.operation, classifyPair(base, cand, o.ignore, sameSnapshot ?? true), cand);
    }
  } finally {
    await transport.close();
  }
  // Both releases may echo a key: the report leaves here redacted (its counterexamples, differences and notes).
  const result = buildCompareReport({
    baseUrl: o.baseUrl,
    candidateUrl: o.candidateUrl,
    seed: o.seed,
    ignore: o.ignore,
    startedAt,
    finishedAt: new Date().toISOString(),
    calls,
    tally,
    secrets,
  });
  return sealResult(result, redactor);
}
