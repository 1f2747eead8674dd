/**
 * Registry benchmark (target from the Foundation issue): validating a max-size entity envelope (100 org
 * nodes with every payload field, 50 edges with every prop) must take less time than `JSON.parse` of its
 * text. A second figure adds the largest extensions the contract recommends (50 organisations with 30
 * financial rows, 50 sub-units, 10 web identities and a group parent each).
 */
import { readFileSync } from "node:fs";
import { validateAs } from "../src/contract/registry.js";

const fixture = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../fixtures/schemas/${path}`, import.meta.url), "utf8"));

const org = fixture("node/valid/org.json");
const edge = fixture("edge/valid/full.json");
const envelope = fixture("envelope/valid/full.json");
const ext = fixture("extensions/valid/full.json") as Record<string, Record<string, unknown[]>>;

const orgNr = (i: number) => String(900_000_000 + i);
const nodes = Array.from({ length: 100 }, (_, i) => ({ ...org, id: `cb:org:${orgNr(i)}` }));
const edges = Array.from({ length: 50 }, (_, i) => ({ ...edge, id: i + 1 }));
const coverage = { requested: nodes.map((n) => n.id), missing: [], reason: null };
const base = { ...envelope, entities: nodes.map((n) => n.id), coverage };

function extensionsFor(orgs: number): Record<string, Record<string, unknown>> {
  const row = ext.financial_history["923609016"]![0] as Record<string, unknown>;
  const sub = ext.subunits["923609016"]![0]!;
  const web = ext.web_identities["923609016"]![0]!;
  const out: Record<string, Record<string, unknown>> = {
    financial_history: {},
    subunits: {},
    web_identities: {},
    group_parent: {},
  };
  for (let i = 0; i < orgs; i++) {
    out.financial_history![orgNr(i)] = Array.from({ length: 30 }, (_, y) => ({
      ...row,
      fiscal_year: 2025 - y,
    }));
    out.subunits![orgNr(i)] = Array.from({ length: 50 }, () => sub);
    out.web_identities![orgNr(i)] = Array.from({ length: 10 }, () => web);
    out.group_parent![orgNr(i)] = ext.group_parent["923609016"];
  }
  return out;
}

function medianMicros(run: () => void, iterations: number): number {
  for (let i = 0; i < Math.min(50, iterations); i++) run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

let failed = false;
for (const [label, data] of [
  ["100 nodes + 50 edges", { entities: nodes, edges }],
  ["100 nodes + 50 edges + extensions of 50 orgs", { entities: nodes, edges, extensions: extensionsFor(50) }],
] as const) {
  const text = JSON.stringify({ ...base, data });
  const value = JSON.parse(text);
  const violations = validateAs("entities-response", value);
  if (violations.length > 0) throw new Error(`bench document is invalid: ${JSON.stringify(violations[0])}`);
  const iterations = text.length > 500_000 ? 100 : 1000;
  const parse = medianMicros(() => JSON.parse(text), iterations);
  const validate = medianMicros(() => validateAs("entities-response", value), iterations);
  const ok = validate < parse;
  failed ||= !ok;
  process.stdout.write(
    `${label}: ${(text.length / 1024).toFixed(0)} KiB; JSON.parse ${parse.toFixed(0)} µs; ` +
      `validateAs ${validate.toFixed(0)} µs (${(validate / parse).toFixed(2)}× parse) ${ok ? "PASS" : "FAIL"}\n`,
  );
}
process.exitCode = failed ? 1 : 0;
