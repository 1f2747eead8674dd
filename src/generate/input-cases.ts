/**
 * The coverage phase of one operation: deterministic requests, each tagged with why it was made, in three
 * classes the request schemas decide (contract/request-class.ts) — valid, invalid (one stated rule broken)
 * and open. For every parameter, every value of the coverage walk alone (compile/coverage.ts), then the wire
 * forms no schema holds (malformed JSON, a repeated or unknown parameter, a body key given twice, a body that
 * is not JSON or too large, a path that cannot be decoded), then the valid values of every two parameters
 * together (a pairwise covering array). Sent before the random phase, the same on every run.
 */
import { renderJson } from "../bounded-json.js";
import { sharedRegistry } from "../contract/registry.js";
import { classifyRequest, type InputClass } from "../contract/request-class.js";
import { wireFormOf } from "../contract/request-operations.js";
import type { SchemaRegistry } from "../contract/schema-registry.js";
import { Lru } from "../lru.js";
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { coverageOf } from "./compile/coverage.js";
import type { CoverageValue } from "./compile/coverage-value.js";
import { pairwiseRows } from "./compile/pairwise.js";
import { stableKey } from "./compile/stable-key.js";
import { encodeRequest, partsOf, type WireChanges } from "./encode-request.js";
import { type GenerateOptions, generationKey } from "./generate-options.js";
import { type OperationInputs, operationInputs } from "./operation-inputs.js";
import { OVERSIZE, wireValues } from "./wire-values.js";

/** How a case was made. */
export type CaseKind = "alone" | "wire" | "pairwise";

/** One request of the coverage phase. */
export interface InputCase {
  /** Stable, unique: `<operation>:<parameter>:<keyword>:<n>`. */
  name: string;
  operation: OperationInputs["operation"]["id"];
  request: PlannedRequest;
  /** The class the request schemas give the request. */
  class: InputClass;
  /** The class the walk meant it to have (tests hold the two equal). */
  intended: InputClass;
  /** The parameter probed (`(request)` or `(body)` for the request as a whole; `+` joins a pair's). */
  parameter: string;
  keyword: string;
  label: string;
  kind: CaseKind;
  /** The status an invalid case must get: 400, or 413 for a body above the operation's limit. */
  expectStatus?: 400 | 413;
  /** Why the schemas class it invalid or open (empty when valid). */
  reasons: string[];
  /** The probed parameter's value as sent, shortened, for failure text. */
  shown: string;
}

/** What a case is tagged with. */
interface CaseTag {
  parameter: string;
  keyword: string;
  label: string;
  intended: InputClass;
  kind: CaseKind;
}

/** Adds a case of a decoded value (with its wire changes) to the list. */
type AddCase = (value: Record<string, unknown>, tag: CaseTag, changes?: WireChanges) => void;

/** Valid values of one parameter that take part in pairs (bounds, members and forms come first). */
export const PAIRWISE_VALUES = 6;

/** Case lists made with the shared registry, by what built them (the plan and the run read the same). */
const MADE = new Lru<string, InputCase[]>(12);

/**
 * The coverage cases of an operation, in order: alone, wire, pairwise — at most `maxPairwise` of those, the
 * first rows of the covering array, which cover the most pairs (so a plan can fit them to a rate limit).
 */
export function inputCases(
  id: OperationInputs["operation"]["id"],
  fixtures: TargetFixtures,
  opts: GenerateOptions & { maxPairwise?: number },
  registry?: SchemaRegistry,
): InputCase[] {
  const limit = opts.maxPairwise ?? Number.POSITIVE_INFINITY;
  const all = registry ? makeCases(id, fixtures, opts, registry) : sharedCases(id, fixtures, opts);
  if (limit === Number.POSITIVE_INFINITY) return all;
  let pairs = 0;
  return all.filter((c) => c.kind !== "pairwise" || ++pairs <= limit);
}

function sharedCases(
  id: OperationInputs["operation"]["id"],
  fixtures: TargetFixtures,
  opts: GenerateOptions,
): InputCase[] {
  return MADE.get(generationKey(id, fixtures, opts), () => makeCases(id, fixtures, opts, sharedRegistry()));
}

function makeCases(
  id: OperationInputs["operation"]["id"],
  fixtures: TargetFixtures,
  opts: GenerateOptions,
  registry: SchemaRegistry,
): InputCase[] {
  const inputs = operationInputs(id, fixtures, opts, registry);
  const out: InputCase[] = [];
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  const add: AddCase = (value, tag, changes = {}) => {
    const adjusted = inputs.adjust(value);
    if (!adjusted) return;
    const request = encodeRequest(inputs.operation, inputs.schema, adjusted, changes);
    if (!request) return;
    const key = stableKey({ ...request, body: changes.rawBody === undefined ? request.body : "raw" });
    if (seen.has(key) && changes.rawBody === undefined) return;
    seen.add(key);
    // A body above the size limit breaks a rule no schema holds (the limit is not shown): it is not decoded.
    const decided =
      tag.keyword === OVERSIZE
        ? { class: "invalid" as const, findings: [{ reason: "(body) is larger than any sensible limit" }] }
        : classifyRequest(partsOf(request), registry);
    if (!decided) return;
    const base = `${id}:${tag.parameter}:${tag.keyword}`;
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    out.push({
      name: `${base}:${n}`,
      operation: id,
      request,
      class: decided.class,
      ...tag,
      ...(decided.class === "invalid" ? { expectStatus: tag.keyword === OVERSIZE ? 413 : 400 } : {}),
      reasons: decided.findings.map((f) => f.reason),
      shown: shown(tag.parameter, adjusted, changes),
    });
  };
  const properties = Object.entries(inputs.schema.properties ?? {});
  const valuesOf = new Map<string, CoverageValue[]>();
  for (const [name, property] of properties) {
    const walk = {
      overrides: inputs.overrides,
      pointer: `/${name}`,
      form: wireFormOf(inputs.operation, name, property),
    };
    const values = coverageOf(property, walk);
    valuesOf.set(name, values);
    for (const v of values) {
      const value = { ...inputs.baseline, [name]: v.wire === undefined ? v.value : "" };
      const changes = v.wire === undefined ? {} : { texts: { [name]: v.wire } };
      add(
        value,
        { parameter: name, keyword: v.keyword, label: v.label, intended: v.intended, kind: "alone" },
        changes,
      );
    }
  }
  for (const w of wireValues(inputs, valuesOf)) add(w.value, { ...w.tag, kind: "wire" }, w.changes);
  addPairs(inputs, valuesOf, add);
  return out;
}

/** The probed parameter's value as sent (its wire text where a wire case sets one), at most 80 characters. */
function shown(parameter: string, value: Record<string, unknown>, changes: WireChanges): string {
  const raw = changes.rawBody ?? (changes.withoutContentType ? JSON.stringify(value) : undefined);
  const body =
    raw === undefined ? undefined : `${Buffer.byteLength(raw)} bytes: ${raw.toString().slice(0, 60)}`;
  const text =
    changes.texts?.[parameter] ??
    changes.rawTexts?.[parameter] ??
    body ??
    (parameter in value ? renderJson(value[parameter]) : "(left out)");
  const chars = [...text];
  return chars.length > 80 ? `${chars.slice(0, 77).join("")}…` : text;
}

/** The pairwise rows over each parameter's valid values (optional ones may also be left out). */
function addPairs(inputs: OperationInputs, valuesOf: Map<string, CoverageValue[]>, add: AddCase): void {
  const required = new Set(inputs.schema.required ?? []);
  const names = [...valuesOf.keys()];
  const domains = names.map((name) => {
    // Values the credits rule changes (an influencer read) stay out of pairs: each costs credits.
    const valid = (valuesOf.get(name) ?? []).filter((v) => {
      const value = { ...inputs.baseline, [name]: v.value };
      return v.intended === "valid" && v.wire === undefined && inputs.adjust(value) === value;
    });
    const ranked = [
      ...valid.filter((v) => v.keyword !== "data"),
      ...valid.filter((v) => v.keyword === "data"),
    ];
    const chosen = ranked.slice(0, PAIRWISE_VALUES);
    return required.has(name) ? chosen : [undefined, ...chosen];
  });
  const rows = pairwiseRows(
    domains.map((d) => d.length),
    Number.POSITIVE_INFINITY,
    (param, index) => domains[param][index] === undefined,
  );
  for (const row of rows) {
    const value: Record<string, unknown> = { ...inputs.baseline };
    const parts: string[] = [];
    row.forEach((index, param) => {
      const v = domains[param][index];
      if (v === undefined) return;
      value[names[param]] = v.value;
      parts.push(`${names[param]} ${v.label}`);
    });
    add(value, {
      parameter: names.filter((_, i) => domains[i][row[i]] !== undefined).join("+"),
      keyword: "pairwise",
      label: parts.join("; "),
      intended: "valid",
      kind: "pairwise",
    });
  }
}
