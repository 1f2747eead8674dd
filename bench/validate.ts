/**
 * Validation benchmark: a maximum-size entity-read envelope (100 org nodes with full payloads, 50 edges, all
 * four extensions for 100 organisations: 30 financial rows, 50 sub-units, 10 web identities, group parent),
 * validated by schema `entities-response` plus every applicable check (`runChecks`, which includes
 * `response.schema`), beside `JSON.parse` of the same body. Target: validation no slower than JSON.parse.
 * Beside it, the responses people actually get (issue 12.4): a single-entity read (`GET /entities/{id}`,
 * one org with its full payload, about 2 KB) and a 10-candidate resolve, each judged by every applicable
 * check on a fresh exchange per call. Target: at most 2× `JSON.parse` of the same body.
 */

import { CATALOGUE } from "../src/checks/catalogue.js";
import { runChecks } from "../src/checks/run-checks.js";
import { batchExchange, getExchange, resolveExchange } from "../src/checks/test-support/exchanges.js";
import { validateAs } from "../src/contract/registry.js";
import type { Exchange } from "../src/transport/exchange.js";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const WARMUP = 5;

function mean(fn: () => void, n: number): number {
  for (let i = 0; i < WARMUP; i++) fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn();
  return Number(process.hrtime.bigint() - start) / 1e6 / n;
}

const EVERYDAY_ITERATIONS = Number(process.env.BENCH_EVERYDAY_ITERATIONS ?? 20_000);
const EVERYDAY_ROUNDS = 5;

/** Median over rounds of the mean µs per call (rounds interleave parse and judge, against drift on a busy machine). */
function everyday(name: string, x: Exchange): { line: string; ratio: number } {
  const text = x.response!.bodyText;
  const json = JSON.parse(text) as unknown;
  const fresh = (): Exchange => ({ ...x, request: { ...x.request }, response: { ...x.response!, json } });
  const found = runChecks(fresh());
  if (found.length > 0) throw new Error(`${name} is not valid: ${JSON.stringify(found.slice(0, 2))}`);
  const parse: number[] = [];
  const judge: number[] = [];
  for (let r = 0; r < EVERYDAY_ROUNDS; r++) {
    parse.push(mean(() => JSON.parse(text), EVERYDAY_ITERATIONS) * 1000);
    judge.push(mean(() => runChecks(fresh()), EVERYDAY_ITERATIONS) * 1000);
  }
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  const ratio = med(judge) / med(parse);
  const line = `  ${name.padEnd(44)} ${String(text.length).padStart(6)} B  JSON.parse ${med(parse).toFixed(2).padStart(6)} µs  checks ${med(judge).toFixed(2).padStart(6)} µs  ratio ${ratio.toFixed(2)} (target <= 2.00: ${ratio <= 2 ? "met" : "NOT met"})`;
  return { line, ratio };
}

const single = everyday("single-entity read (GET /entities/{id})", getExchange());
const resolve10 = everyday("10-candidate resolve", resolveExchange(10));
process.stdout.write(
  ["everyday responses, schema + every applicable check:", single.line, resolve10.line, ""].join("\n"),
);

const x = batchExchange();
const body = x.response!.bodyText;
const parsed = JSON.parse(body) as unknown;
// A fresh exchange per call, as under load: nothing cached from an earlier call of the same object.
const fresh = (): Exchange => ({
  ...x,
  request: { ...x.request },
  response: { ...x.response!, json: parsed },
});

const sanity = runChecks(fresh());
if (sanity.length > 0) {
  process.stderr.write(
    `bench/validate: the benchmark envelope is not valid: ${JSON.stringify(sanity.slice(0, 3))}\n`,
  );
  process.exit(1);
}

const parseMs = mean(() => JSON.parse(body), ITERATIONS);
const schemaMs = mean(() => validateAs("entities-response", parsed), ITERATIONS);
const allMs = mean(() => runChecks(fresh()), ITERATIONS);
const ids = CATALOGUE.map((c) => c.id).filter((id) => id !== "response.schema");
const checksOnlyMs = mean(() => runChecks(fresh(), ids), ITERATIONS);

const mb = (body.length / 1024 / 1024).toFixed(2);
const row = (name: string, ms: number) => `  ${name.padEnd(50)} ${ms.toFixed(2).padStart(8)} ms`;
process.stdout.write(
  [
    `max-size entity read: ${mb} MiB body (${body.length} bytes), ${ITERATIONS} iterations, mean per call`,
    row("JSON.parse", parseMs),
    row("schema entities-response (validateAs)", schemaMs),
    row("semantic checks only (runChecks without schema)", checksOnlyMs),
    row("schema + every applicable check (runChecks)", allMs),
    `  ratio validation / JSON.parse: ${(allMs / parseMs).toFixed(2)} (target <= 1.00: ${allMs <= parseMs ? "met" : "NOT met"})`,
    "",
  ].join("\n"),
);
