/**
 * The one decision of whether a request is valid, invalid or open, made by the request schemas through the
 * registry — the oracles of `run`, the checks (request-view.ts) and the input-space table all read it:
 *
 * - **invalid**: it breaks a rule the contract states (a standard keyword of its request schema, or a wire
 *   rule: a JSON-encoded parameter or body that is not JSON, a path id that cannot be percent-decoded). The
 *   contract's answer is 400 `invalid_arguments` (413 for a body above the limit).
 * - **open**: it keeps every stated rule but sits outside what the contract states: it breaks one of our
 *   preferences (`x-cbcheck-preferred`), a format is in a form a server may take either way
 *   (format-readings.ts), or its wire form is unusual (a number spelled otherwise than `String(n)`, an empty
 *   number, a repeated or unknown query parameter, a body key given twice, a body without a Content-Type). A server may answer 200 or 400.
 * - **valid**: anything else. The contract's answer is 200 (or what it says of plans, credits and limits).
 */
import { type CanonicalSchema, canonicalSchema, statedOf } from "./canonical-schema.js";
import {
  type DecodedRequest,
  decodeRequest,
  type RequestParts,
  type WireFactKind,
} from "./decode-request.js";
import { readingOf } from "./format-readings.js";
import { QUERY_READINGS } from "./query-readings.js";
import { sharedRegistry } from "./registry.js";
import type { SchemaRegistry } from "./schema-registry.js";
import type { SchemaViolation } from "./violations.js";

/** The three classes of input. */
export type InputClass = "valid" | "invalid" | "open";

/** Why one parameter is not valid. */
export interface Finding {
  /** The parameter (`(body)` for the body as a whole). */
  parameter: string;
  class: "invalid" | "open";
  /** The schema keyword, format reading or wire fact, e.g. `maxItems`, `format`, `not-json`. */
  keyword: string;
  /** One line naming the parameter and what is wrong or unusual. */
  reason: string;
}

/** The class of one request and why. */
export interface RequestClass {
  class: InputClass;
  /** Invalid findings first, then open ones; empty for a valid request. */
  findings: Finding[];
  /** The reasons of the invalid findings: a 2xx answer to this request is wrong. */
  problems: string[];
}

const INVALID_FACTS: Readonly<Partial<Record<WireFactKind, string>>> = {
  "not-json": "is not a JSON text (the parameter is JSON-encoded)",
  "not-percent-decodable": "is not percent-encoded UTF-8",
  "body-not-json": "is not JSON",
};
const OPEN_FACTS: Readonly<Partial<Record<WireFactKind, string>>> = {
  "non-canonical-number": "is a number not written as a plain decimal",
  "empty-number": "is given empty",
  repeated: "is given twice",
  "unknown-parameter": "is not a parameter of the operation",
  "repeated-key": "is a body key given twice",
  "no-content-type": "is sent without a Content-Type header (the contract names no media type for requests)",
};

/** Clearer words than ajv's for the violations that name a property rather than a value. */
const MESSAGES: Readonly<Record<string, string>> = {
  required: "is missing (required)",
  additionalProperties: "is not a property of the request (no other properties allowed)",
};

/**
 * Classifies a request as it went on the wire; undefined for an operation without a request schema. A query
 * string sent as written is classified under every reading (query-readings.ts): where the readings disagree,
 * a server may take either, so the request is open.
 */
export function classifyRequest(
  parts: RequestParts,
  registry: SchemaRegistry = sharedRegistry(),
): RequestClass | undefined {
  const decoded = decodeRequest(parts, registry);
  if (!decoded) return undefined;
  const first = classifyDecoded(decoded, registry);
  if (parts.rawQuery === undefined) return first;
  const others = QUERY_READINGS.slice(1).map((reading) =>
    classifyDecoded(decodeRequest(parts, registry, reading) ?? decoded, registry),
  );
  if (others.every((c) => c.class === first.class)) return first;
  const classes = [first, ...others].map((c, i) => `${QUERY_READINGS[i]}: ${c.class}`).join(", ");
  const reason = `(query string) reads differently by how a raw + or a malformed escape is read (${classes})`;
  const finding: Finding = { parameter: "(query string)", class: "open", keyword: "query-reading", reason };
  return { class: "open", findings: [finding], problems: [] };
}

/**
 * The stated rules a request breaks (`statedProblems` of `decoded`, its first reading), or none when another
 * reading of a query string sent as written breaks none: a 2xx to it is then no proven violation.
 */
export function problemsOfEveryReading(
  parts: RequestParts,
  decoded: DecodedRequest,
  registry: SchemaRegistry,
): string[] {
  const problems = statedProblems(decoded, registry);
  if (parts.rawQuery === undefined || problems.length === 0) return problems;
  for (const reading of QUERY_READINGS.slice(1)) {
    const other = decodeRequest(parts, registry, reading);
    if (other && statedProblems(other, registry).length === 0) return [];
  }
  return problems;
}

/** Adds a finding unless one of the same parameter and keyword is there. */
type AddFinding = (parameter: string, cls: Finding["class"], keyword: string, why: string) => void;

function findingsList(): { findings: Finding[]; add: AddFinding } {
  const findings: Finding[] = [];
  const add: AddFinding = (parameter, cls, keyword, why) => {
    if (!findings.some((f) => f.parameter === parameter && f.keyword === keyword))
      findings.push({ parameter, class: cls, keyword, reason: `${parameter} ${why}` });
  };
  return { findings, add };
}

/**
 * The stated rules a decoded request breaks, one line each (what the checks need: a 2xx answer to such a
 * request is wrong); a violation explained by a format reading is left out (it is open).
 */
export function statedProblems(decoded: DecodedRequest, registry: SchemaRegistry): string[] {
  const { findings, add } = findingsList();
  addStated(decoded, registry, add, findings);
  return findings.filter((f) => f.class === "invalid").map((f) => f.reason);
}

/** The invalid findings of the wire and of the stated schema (and the open ones of format readings). */
function addStated(
  decoded: DecodedRequest,
  registry: SchemaRegistry,
  add: AddFinding,
  findings: Finding[],
): void {
  const schema = decoded.operation.schema;
  const body = decoded.operation.carrier === "body";
  for (const fact of decoded.facts) {
    const invalid = INVALID_FACTS[fact.kind];
    if (invalid) add(fact.parameter, "invalid", fact.kind, invalid);
  }
  const broken = new Set(findings.map((f) => f.parameter));
  // A body that is not JSON has no value to hold to the schema: its fact says all.
  if (broken.has("(body)")) return;
  if (!registry.isValidAs(schema, decoded.value)) {
    for (const v of registry.collectViolations(schema, decoded.value).violations) {
      const parameter = parameterOf(v, body);
      // A path id that is not percent-decodable is missing from the value: its fact says why.
      if (broken.has(parameter) && v.keyword === "required") continue;
      const reading = v.keyword === "format" ? readingAt(registry, v, decoded.value) : undefined;
      if (reading) add(parameter, "open", "format", `${at(v)}is a ${v.params?.format} form (${reading})`);
      else add(parameter, "invalid", v.keyword, `${at(v)}${MESSAGES[v.keyword] ?? v.message}`);
    }
  }
}

/** Classifies a decoded request (see the file comment). */
export function classifyDecoded(decoded: DecodedRequest, registry: SchemaRegistry): RequestClass {
  const { findings, add } = findingsList();
  const schema = decoded.operation.schema;
  const body = decoded.operation.carrier === "body";
  addStated(decoded, registry, add, findings);
  if (!findings.some((f) => f.class === "invalid")) {
    for (const fact of decoded.facts) {
      const open = OPEN_FACTS[fact.kind];
      if (open) add(fact.parameter, "open", fact.kind, open);
    }
    if (!registry.isPreferredAs(schema, decoded.value)) {
      for (const v of registry.collectPreferredViolations(schema, decoded.value).violations) {
        add(
          parameterOf(v, body),
          "open",
          v.keyword,
          `${at(v)}${v.message} (our preference, not a contract rule)`,
        );
      }
    }
    const stated = statedOf(canonicalSchema(registry, schema));
    for (const place of formatPlaces(stated, decoded.value, "")) {
      const reading = readingOf(place.format, place.value, registry.formatTest(place.format));
      if (reading)
        add(
          place.pointer.split("/")[1] ?? "(body)",
          "open",
          "format",
          `is a ${place.format} form (${reading.name})`,
        );
    }
  }
  const problems = findings.filter((f) => f.class === "invalid").map((f) => f.reason);
  const cls = problems.length > 0 ? "invalid" : findings.length > 0 ? "open" : "valid";
  return { class: cls, findings: [...findings].sort((a, b) => rank(a) - rank(b)), problems };
}

const rank = (f: Finding) => (f.class === "invalid" ? 0 : 1);

/** The parameter a violation is about: the first token of its pointer, or the property it names. */
function parameterOf(v: SchemaViolation, body: boolean): string {
  const token = v.pointer.split("/")[1];
  if (token !== undefined) return token.replace(/~1/g, "/").replace(/~0/g, "~");
  const named = v.params?.missingProperty ?? v.params?.additionalProperty;
  if (typeof named === "string") return named;
  return body ? "(body)" : "(request)";
}

/** ` at /ids/3 ` for a violation below a parameter, else nothing. */
function at(v: SchemaViolation): string {
  return v.pointer.split("/").length > 2 ? `(at ${v.pointer}) ` : "";
}

/** The name of the reading a format violation's value is in, if any. */
function readingAt(registry: SchemaRegistry, v: SchemaViolation, value: unknown): string | undefined {
  const format = v.params?.format;
  const text = valueAt(value, v.pointer);
  if (typeof format !== "string" || typeof text !== "string") return undefined;
  return readingOf(format, text, registry.formatTest(format))?.name;
}

function valueAt(value: unknown, pointer: string): unknown {
  let out = value;
  for (const token of pointer.split("/").slice(1)) {
    out = (out as Record<string, unknown> | undefined)?.[token.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return out;
}

/** Every string of `value` at a place where `schema` names a format. */
function* formatPlaces(
  schema: CanonicalSchema,
  value: unknown,
  pointer: string,
): Generator<{ pointer: string; format: string; value: string }> {
  if (typeof value === "string" && schema.format) yield { pointer, format: schema.format, value };
  if (Array.isArray(value) && schema.items) {
    for (const [i, item] of value.entries()) yield* formatPlaces(schema.items, item, `${pointer}/${i}`);
  } else if (typeof value === "object" && value !== null && schema.properties) {
    for (const [name, inner] of Object.entries(value)) {
      const property = schema.properties[name];
      if (property) yield* formatPlaces(property, inner, `${pointer}/${name}`);
    }
  }
}
