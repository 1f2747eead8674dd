/** Turns a proxy session's finding rows into the shared Report: a row per verdict and key, with evidence. */
import { CATALOGUE } from "../checks/catalogue.js";
import { toCurl } from "../report/curl.js";
import type { CheckResult, Counterexample, Report } from "../report/model.js";
import { summarise } from "../report/summarise.js";
import { decideVerdict } from "../report/verdict.js";
import { RUNNER } from "../verdicts/runner.js";
import { VERSION } from "../version.js";
import type { Finding } from "./finding.js";
import type { FindingRow } from "./finding-rows.js";
import { PROXY_CLIENT_RULES } from "./judge-client.js";

/** Exchanges given to the judges and not judged, by why. */
export interface Unjudged {
  /** Judging was too far behind the traffic (its queue was full). */
  skipped: number;
  /** The judge thread died with them (`deaths`: why); it restarted for the exchanges that followed. */
  lost: number;
  deaths: readonly string[];
  /** The session stopped before they were judged. */
  stopped: number;
  /** Judging them threw (`failure`: the first message). */
  failed: number;
  failure?: string;
  /** Their response copy was cut (the size cap, or a client that left mid-response): judged on the client side
   * only, since a cut body is no fault of the server's, so the server's answer went unjudged. */
  cut: number;
}

/** What the report needs of a finished proxy session. */
export interface ProxySession {
  startedAt: string;
  /** The target's base URL (`…/v1`). */
  baseUrl: string;
  embedded: boolean;
  /** Exchanges forwarded and given to the judges (judged or not). */
  exchanges: number;
  unjudged: Unjudged;
  /** Key hashes seen, in order of first call. */
  keys: readonly string[];
  rows: readonly FindingRow[];
}

function counterexample(f: Finding, baseUrl: string): Counterexample {
  const p = f.exchange;
  const url = new URL(p.url, new URL(baseUrl).origin).toString();
  return {
    title: `exchange ${p.n} (key ${p.keyHash}): ${f.title}`,
    pointer: f.pointer,
    expected: f.expected,
    received: f.received,
    status: p.status,
    request: { method: p.method, url, headers: p.headers, ...(p.body ? { body: p.body } : {}) },
    curl: toCurl({ method: p.method, url, headers: p.headers, body: p.body || undefined }),
    evidence: [
      `exchange ${p.n}, key ${p.keyHash}, started ${new Date(p.startedAt).toISOString()}, took ${Math.round(p.endedAt - p.startedAt)} ms`,
      ...f.evidence,
    ],
  };
}

function row(
  base: Pick<CheckResult, "id" | "suite" | "sentence" | "section" | "operation">,
  found: FindingRow | undefined,
  level: "fail" | "warn",
  baseUrl: string,
): CheckResult {
  if (!found || found.count === 0) return { ...base, status: "pass", counterexamples: [] };
  return {
    ...base,
    status: found.errors === 0 ? "warn" : level,
    exchanges: found.count,
    failedExchanges: found.count,
    message: `broken by ${found.count} exchange(s), first by exchange ${found.examples[0]?.exchange.n}`,
    counterexamples: found.examples.map((f) => counterexample(f, baseUrl)),
  };
}

/** Exchanges not judged, in all. */
export function unjudgedTotal(u: Unjudged): number {
  return u.skipped + u.lost + u.stopped + u.failed + u.cut;
}

/** Why exchanges were not judged, one clause per cause. */
function unjudgedWhy(u: Unjudged): string[] {
  return [
    ...(u.lost > 0
      ? [
          `${u.lost} lost with the judge thread, which died (${u.deaths.join("; ")}) and restarted for the exchanges that followed`,
        ]
      : []),
    ...(u.skipped > 0
      ? [`${u.skipped} skipped: judging fell behind the traffic and its queue was full`]
      : []),
    ...(u.stopped > 0 ? [`${u.stopped} still queued when the session stopped`] : []),
    ...(u.failed > 0 ? [`${u.failed} whose judging failed (${u.failure})`] : []),
    ...(u.cut > 0
      ? [
          `${u.cut} whose response copy was cut (size cap or client gone): judged on the client side only, the server's answer not judged`,
        ]
      : []),
  ];
}

/** The row saying how many exchanges have no verdict, when any: inconclusive, never a pass. */
function unjudgedRow(s: ProxySession): CheckResult[] {
  const total = unjudgedTotal(s.unjudged);
  if (total === 0) return [];
  const { id, sentence, section } = RUNNER.judgingUnfinished;
  const message = `${total} of ${s.exchanges} exchange(s) forwarded but not judged: ${unjudgedWhy(s.unjudged).join("; ")}`;
  return [{ id, suite: "proxy", sentence, section, status: "inconclusive", message, counterexamples: [] }];
}

/** The report of a proxy session: client rows per key, server rows per check and operation. */
export function buildProxyReport(s: ProxySession): Report {
  const results: CheckResult[] = [];
  const rowOf = new Map(
    s.rows.map((r) => [`${r.side} ${r.side === "client" ? r.keyHash : r.operation} ${r.id}`, r]),
  );
  for (const key of s.keys) {
    for (const rule of PROXY_CLIENT_RULES) {
      const base = { id: rule.id, suite: `client ${key}`, sentence: rule.sentence, section: rule.section };
      const found = rowOf.get(`client ${key} ${rule.id}`);
      results.push(row(base, found, rule.level === "required" ? "fail" : "warn", s.baseUrl));
    }
  }
  const { id, sentence, section } = RUNNER.responseReceived;
  const transport = s.rows.find((r) => r.side === "server" && r.id === id);
  results.push(row({ id, suite: "server", sentence, section }, transport, "fail", s.baseUrl));
  for (const found of s.rows) {
    if (found.side !== "server" || found.id === id) continue;
    const check = CATALOGUE.find((c) => c.id === found.id);
    const base = {
      id: found.id,
      suite: "server",
      operation: found.operation,
      sentence: check?.sentence ?? "",
      section: check?.section,
    };
    results.push(row(base, found, "fail", s.baseUrl));
  }
  const unjudgedRows = unjudgedRow(s);
  results.push(...unjudgedRows);
  const unjudged = unjudgedTotal(s.unjudged);
  const stopped = unjudgedRows[0]?.message;
  return {
    tool: "cbcheck",
    version: VERSION,
    command: "proxy",
    startedAt: s.startedAt,
    finishedAt: new Date().toISOString(),
    target: { baseUrl: s.baseUrl, embedded: s.embedded },
    // Never a pass with exchanges left unjudged: incomplete (exit 2), unless something failed.
    ...decideVerdict(results, stopped ? { stopped } : {}),
    summary: { ...summarise(results), calls: s.exchanges },
    results,
    notes: [
      `${s.exchanges} exchange(s) proxied to ${s.baseUrl} from ${s.keys.length} key(s) (shown by hash), ${s.exchanges - unjudged} judged, ${unjudged} not judged; server rows list only the checks that found something`,
      ...(stopped ? [stopped] : []),
    ],
  };
}
