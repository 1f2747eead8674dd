/** Turns the proxy's findings into the shared Report: a row per verdict and key, with evidence. */
import { CATALOGUE } from "../checks/catalogue.js";
import { toCurl } from "../report/curl.js";
import type { CheckResult, Counterexample, Report } from "../report/model.js";
import { summarise } from "../report/summarise.js";
import { RUNNER } from "../verdicts/runner.js";
import { VERSION } from "../version.js";
import type { Finding } from "./finding.js";
import { PROXY_CLIENT_RULES } from "./judge-client.js";

/** Counterexamples kept per row. */
const EXAMPLES = 5;

/** What the report needs of a finished proxy session. */
export interface ProxySession {
  startedAt: string;
  /** The target's base URL (`…/v1`). */
  baseUrl: string;
  embedded: boolean;
  /** Exchanges forwarded (judged or skipped). */
  exchanges: number;
  /** Exchanges whose copy was cut (cap, client gone): not judged on the server side. */
  unjudged: number;
  /** Exchanges forwarded but not judged at all: the judge thread was too far behind. */
  skipped: number;
  /** Why the judge thread died, if it did. */
  judgeFailure?: string;
  /** Key hashes seen, in order of first call. */
  keys: string[];
  findings: readonly Finding[];
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
  found: readonly Finding[],
  level: "fail" | "warn",
  baseUrl: string,
): CheckResult {
  if (found.length === 0) return { ...base, status: "pass", counterexamples: [] };
  const status = found.every((f) => f.severity === "warning") ? "warn" : level;
  return {
    ...base,
    status,
    exchanges: found.length,
    message: `${found.length} violation(s), first on exchange ${found[0].exchange.n}`,
    counterexamples: found.slice(0, EXAMPLES).map((f) => counterexample(f, baseUrl)),
  };
}

/** The report of a proxy session: client rows per key, server rows per check and operation. */
export function buildProxyReport(s: ProxySession): Report {
  const results: CheckResult[] = [];
  for (const key of s.keys) {
    for (const rule of PROXY_CLIENT_RULES) {
      const found = s.findings.filter(
        (f) => f.side === "client" && f.id === rule.id && f.exchange.keyHash === key,
      );
      const base = { id: rule.id, suite: `client ${key}`, sentence: rule.sentence, section: rule.section };
      results.push(row(base, found, rule.level === "required" ? "fail" : "warn", s.baseUrl));
    }
  }
  const server = s.findings.filter((f) => f.side === "server");
  const transport = server.filter((f) => f.id === RUNNER.responseReceived.id);
  const { id, sentence, section } = RUNNER.responseReceived;
  results.push(row({ id, suite: "server", sentence, section }, transport, "fail", s.baseUrl));
  const groups = new Map<string, Finding[]>();
  for (const f of server) {
    if (f.id === id) continue;
    const k = `${f.id} ${f.operation}`;
    groups.set(k, [...(groups.get(k) ?? []), f]);
  }
  for (const found of groups.values()) {
    const check = CATALOGUE.find((c) => c.id === found[0].id);
    const base = {
      id: found[0].id,
      suite: "server",
      operation: found[0].operation,
      sentence: check?.sentence ?? "",
      section: check?.section,
    };
    results.push(row(base, found, "fail", s.baseUrl));
  }
  return {
    tool: "cbcheck",
    version: VERSION,
    command: "proxy",
    startedAt: s.startedAt,
    finishedAt: new Date().toISOString(),
    target: { baseUrl: s.baseUrl, embedded: s.embedded },
    verdict: results.some((r) => r.status === "fail") ? "fail" : "pass",
    summary: { ...summarise(results), calls: s.exchanges },
    results,
    notes: [
      `${s.exchanges} exchange(s) proxied to ${s.baseUrl} from ${s.keys.length} key(s) (shown by hash); server rows list only the checks that found something`,
      ...(s.unjudged > 0
        ? [
            `${s.unjudged} response(s) not judged on the server side: their copy was cut (size cap or client gone)`,
          ]
        : []),
      ...(s.skipped > 0
        ? [
            s.judgeFailure === undefined
              ? `${s.skipped} exchange(s) forwarded but not judged at all: judging fell behind the traffic and its queue was full`
              : `${s.skipped} exchange(s) forwarded but not judged at all: the judge thread failed (${s.judgeFailure})`,
          ]
        : []),
    ],
  };
}
