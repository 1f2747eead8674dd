/**
 * Validation time and memory grow linearly with the body (issue: `validate --as resolve` on 100k invalid
 * items took 117 s; a 14 MiB body of `{}` items grew `run` past 2.7 GB). Each case runs in its own child
 * process (so its peak RSS is its own): it builds a hostile body as text, then times the parse and the
 * judging of it: as `cbcheck validate --as resolve` does (validateDocument) or as `run` does (the
 * transport's decodeBody, then runChecks). Validators are compiled before timing. Prints ms, µs per KiB
 * and peak RSS; the 14 MiB case must end within the 20 s of its issue under 500 MiB.
 * Usage: npm run bench -- validate-scaling
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { pastStructureBounds } from "../src/bounded-json.js";
import { runChecks } from "../src/checks/run-checks.js";
import { request } from "../src/checks/test-support/exchanges.js";
import { resolveKind } from "../src/checks/validate/kinds.js";
import { validateDocument } from "../src/checks/validate/validate-document.js";
import { decodeBody } from "../src/transport/decode-body.js";

const ENVELOPE_HEAD =
  '{"contract":"cb/v1","request_id":"2f1d8c9e-3b7a-4c2e-9f1a-6d5e4c3b2a10","as_of":"2026-11-21T12:00:00Z",' +
  '"entities":[],"evidence":[],"coverage":{"requested":["Acme"],"missing":[],"reason":null},' +
  '"truncated":false,"cursor":null,"next_hint":null,' +
  '"cost":{"units":0,"unit_type":"record","credits_charged":0,"credits_reserved":0,"balance":0},';

/** The hostile bodies, by name: `n` items in a place the contract caps (or does not). */
const BODIES: Record<string, (n: number) => string> = {
  // `data` of resolve: max 50 candidates; each `{}` lacks all four required fields.
  "resolve data of {}": (n) => `${ENVELOPE_HEAD}"warnings":[],"data":[${Array(n).fill("{}").join(",")}]}`,
  // `warnings` has no cap; each number breaks `array of strings`.
  "resolve warnings of numbers": (n) =>
    `${ENVELOPE_HEAD}"data":[],"warnings":[${Array(n).fill("1").join(",")}]}`,
  // `data.entities` of an entity read: max 100 nodes, each `{}` a broken node.
  "entities of {}": (n) =>
    `${ENVELOPE_HEAD}"warnings":[],"data":{"entities":[${Array(n).fill("{}").join(",")}],"edges":[]}}`,
  // valid and long: `warnings` of strings (the fast path only).
  "valid, long warnings": (n) => `${ENVELOPE_HEAD}"data":[],"warnings":[${Array(n).fill('"w"').join(",")}]}`,
};

interface Figures {
  bytes: number;
  parseMs: number;
  judgeMs: number;
  findings: number;
  peakMiB: number;
}

/** Judges a body as `validate` does (count, parse, validateDocument) or as `run` does (decode, runChecks). */
function judge(text: string, body: string, how: string): { findings: number; parseMs: number } {
  const entities = body.startsWith("entities");
  const t0 = performance.now();
  if (how === "validate") {
    const past = pastStructureBounds(text);
    const json = past ? undefined : (JSON.parse(text) as unknown);
    const parseMs = performance.now() - t0;
    const ctx = past ? { unparsed: past } : {};
    const result = validateDocument(json, text, resolveKind(entities ? "entities" : "resolve"), ctx);
    return { findings: result.findings.length, parseMs };
  }
  const decoded = decodeBody(Buffer.from(text));
  const parseMs = performance.now() - t0;
  const operation = entities ? "entity-batch" : "resolve";
  const req = entities
    ? request("POST", "/entities/batch", {}, { ids: ["cb:org:910000000"] })
    : request("GET", "/resolve", { query: "Acme" });
  const response = {
    status: 200,
    headers: { "content-type": "application/json" },
    durationMs: 1,
    ...decoded,
  };
  return { findings: runChecks({ operation, request: req, response }).length, parseMs };
}

/** Child: one case, printed as JSON. The validators are compiled first (once per process, not per body). */
function runCase(body: string, n: number, how: string): void {
  judge(BODIES[body](3), body, how);
  const text = BODIES[body](n);
  const t0 = performance.now();
  const { findings, parseMs } = judge(text, body, how);
  const figures: Figures = {
    bytes: text.length,
    parseMs,
    judgeMs: performance.now() - t0 - parseMs,
    findings,
    peakMiB: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(JSON.stringify(figures));
}

function measure(body: string, n: number, how: string): Figures {
  const self = fileURLToPath(import.meta.url);
  const child = spawnSync(process.execPath, ["--import", "tsx", self, body, String(n), how], {
    encoding: "utf8",
    timeout: 5 * 60_000,
  });
  if (child.status !== 0) throw new Error(`case ${body} ${n} ${how} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Figures;
}

function main(): void {
  const rows: string[] = [];
  const head = `${"body".padEnd(30)}${"how".padEnd(10)}${"items".padStart(9)}${"KiB".padStart(9)}${"parse ms".padStart(10)}${"judge ms".padStart(10)}${"µs/KiB".padStart(8)}${"findings".padStart(9)}${"peak MiB".padStart(10)}`;
  rows.push(head);
  const sizes = (process.env.BENCH_SCALING_SIZES ?? "10000,40000,100000,400000").split(",").map(Number);
  for (const body of Object.keys(BODIES))
    for (const how of ["validate", "checks"])
      for (const n of sizes) {
        const f = measure(body, n, how);
        const kib = f.bytes / 1024;
        rows.push(
          `${body.padEnd(30)}${how.padEnd(10)}${String(n).padStart(9)}${kib.toFixed(0).padStart(9)}${f.parseMs.toFixed(1).padStart(10)}${f.judgeMs.toFixed(1).padStart(10)}${((f.judgeMs * 1000) / kib).toFixed(1).padStart(8)}${String(f.findings).padStart(9)}${f.peakMiB.toFixed(0).padStart(10)}`,
        );
        process.stdout.write(`${rows[rows.length - 1]}\n`);
      }
  // The case: a 14 MiB body of `{}` items judged as `run` judges it (deadline 20 s, under 500 MiB).
  const items = Math.floor((14 * 1024 * 1024 - ENVELOPE_HEAD.length) / 3);
  const big = measure("resolve data of {}", items, "checks");
  const seconds = (big.parseMs + big.judgeMs) / 1000;
  const ok = seconds < 20 && big.peakMiB < 500;
  process.stdout.write(
    `\n14 MiB of {} items (${items} items): parse ${big.parseMs.toFixed(0)} ms, judge ${big.judgeMs.toFixed(0)} ms, ` +
      `peak ${big.peakMiB.toFixed(0)} MiB (target < 20 s and < 500 MiB: ${ok ? "met" : "NOT met"})\n`,
  );
  if (!ok) process.exitCode = 1;
}

if (process.argv.length > 2) runCase(process.argv[2], Number(process.argv[3]), process.argv[4]);
else main();
