/**
 * Validation benchmark: a maximum-size entity-read envelope (100 org nodes with full payloads, 50 edges, all
 * four extensions for 100 organisations: 30 financial rows, 50 sub-units, 10 web identities, group parent),
 * validated by schema `entities-response` plus every applicable check (`runChecks`, which includes
 * `response.schema`), beside `JSON.parse` of the same body. Target: validation no slower than JSON.parse.
 */

import { CATALOGUE } from "../src/checks/catalogue.js";
import { runChecks } from "../src/checks/run-checks.js";
import { batchExchange } from "../src/checks/test-support/exchanges.js";
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
