/**
 * `cbcheck compare`: the same generated requests (the coverage phase's values of every parameter alone, of
 * every class, and random valid requests of every operation) go to the base release and the candidate, one after the other;
 * each pair of responses is classified (classify.ts) and the report groups the differences by kind and
 * operation. A breaking difference fails the comparison.
 */
import fc from "fast-check";
import { HarnessError } from "../../errors.js";
import { GENERATED_OPERATIONS, inputCases, validRequests } from "../../generate/index.js";
import { Redactor } from "../../redactor.js";
import { toCurl } from "../../report/curl.js";
import type { CommandResult, Counterexample, Report } from "../../report/model.js";
import { sealResult } from "../../report/seal-result.js";
import { summarise } from "../../report/summarise.js";
import type { Exchange } from "../../transport/exchange.js";
import { buildPath, Transport, type WireRequest } from "../../transport/send.js";
import { COMPARE } from "../../verdicts/compare.js";
import { VERSION } from "../../version.js";
import type { PlannedRequest } from "../../vocabulary/planned-request.js";
import type { TargetFixtures } from "../../vocabulary/target-fixtures.js";
import { toWireRequest } from "../wire-request.js";
import { asOfOf, classifyPair, type Difference } from "./classify.js";

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

/** Example pairs kept per kind and operation. */
const EXAMPLES = 3;
/** Longest single wait on a 429's Retry-After before the comparison gives up on the pair. */
const MAX_WAIT_S = 60;

/** The planned requests of a comparison, in sending order. */
export function compareRequests(
  o: Pick<ResolvedCompareOptions, "fixtures" | "seed" | "runs" | "allowCredits">,
): PlannedRequest[] {
  const opts = { allowCredits: o.allowCredits };
  return GENERATED_OPERATIONS.flatMap((op, i) => [
    ...(op === "me" || op === "capabilities"
      ? []
      : inputCases(op, o.fixtures, { ...opts, maxPairwise: 0 }).map((c) => c.request)),
    ...fc.sample(validRequests(op, o.fixtures, opts), { seed: o.seed + 7919 * i, numRuns: o.runs }),
  ]);
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

function urlOf(ex: Exchange): string {
  return `${new URL(ex.request.baseUrl).origin}${buildPath(ex.request.baseUrl, ex.request.path, ex.request.query, ex.request.repeated)}`;
}

function counterexample(d: Difference, ex: Exchange): Counterexample {
  const request = {
    method: ex.request.method,
    url: urlOf(ex),
    headers: ex.request.headers,
    ...(ex.request.body !== undefined ? { body: ex.request.body } : {}),
  };
  const show = (v: unknown) => (v === undefined ? undefined : typeof v === "string" ? v : JSON.stringify(v));
  const base = show(d.base);
  const candidate = show(d.candidate);
  return {
    title: d.what,
    ...(d.pointer ? { pointer: d.pointer } : {}),
    ...(base !== undefined ? { expected: `base: ${base}` } : {}),
    ...(candidate !== undefined ? { received: `candidate: ${candidate}` } : {}),
    request,
    ...(ex.response ? { status: ex.response.status } : {}),
    curl: toCurl(request),
  };
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
  const found = new Map<string, { differences: number; examples: { d: Difference; ex: Exchange }[] }>();
  const pairs = new Map<string, number>();
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
      pairs.set(request.operation, (pairs.get(request.operation) ?? 0) + 1);
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
      for (const d of classifyPair(base, cand, o.ignore, sameSnapshot ?? true)) {
        const key = `${d.kind}\u0000${request.operation}`;
        const slot = found.get(key) ?? { differences: 0, examples: [] };
        slot.differences++;
        if (slot.examples.length < EXAMPLES) slot.examples.push({ d, ex: cand });
        found.set(key, slot);
      }
    }
  } finally {
    await transport.close();
  }
  const results = [...pairs.keys()].flatMap((operation) => {
    const of = (kind: Difference["kind"]) => found.get(`${kind}\u0000${operation}`);
    const breaking = of("breaking");
    const additive = of("additive");
    const data = of("data");
    const row = (
      v: (typeof COMPARE)[keyof typeof COMPARE],
      status: "pass" | "fail" | "warn",
      slot?: typeof breaking,
      note?: string,
    ) => ({
      id: v.id,
      suite: "compare",
      operation,
      status,
      sentence: v.sentence,
      section: v.section,
      exchanges: pairs.get(operation) ?? 0,
      ...(note ? { message: note } : {}),
      counterexamples:
        status === "pass" ? [] : (slot?.examples ?? []).map(({ d, ex }) => counterexample(d, ex)),
    });
    return [
      row(
        COMPARE.noBreakingChange,
        breaking ? "fail" : "pass",
        breaking,
        breaking ? `${breaking.differences} breaking difference(s)` : undefined,
      ),
      row(
        COMPARE.additiveChange,
        additive ? "warn" : "pass",
        additive,
        additive ? `${additive.differences} additive difference(s)` : undefined,
      ),
      row(
        COMPARE.dataChange,
        "pass",
        data,
        data ? `${data.differences} data difference(s) (values of the snapshot)` : "no data differences",
      ),
    ];
  });
  const differences = Object.fromEntries(
    [...found].map(([key, slot]) => [
      key.replace("\u0000", " "),
      {
        count: slot.differences,
        examples: slot.examples.map(({ d }) => ({
          what: d.what,
          pointer: d.pointer,
          base: d.base,
          candidate: d.candidate,
        })),
      },
    ]),
  );
  const report: Report = {
    tool: "cbcheck",
    version: VERSION,
    command: "compare",
    startedAt,
    finishedAt: new Date().toISOString(),
    seed: o.seed,
    target: { baseUrl: o.baseUrl, altBaseUrl: o.candidateUrl },
    verdict: results.some((r) => r.status === "fail") ? "fail" : "pass",
    summary: { ...summarise(results), calls },
    results,
    details: { candidateUrl: o.candidateUrl, ignore: o.ignore, differences },
    notes: [
      `candidate ${o.candidateUrl} compared with base ${o.baseUrl}; ignored pointers: ${o.ignore.join(", ")}`,
    ],
  };
  // Both releases may echo a key: the report leaves here redacted (its counterexamples, differences and notes).
  return sealResult({ report, sections: [], secrets }, redactor);
}
