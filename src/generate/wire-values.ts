/**
 * Coverage cases of a request's wire form, which no schema holds: a JSON-encoded parameter that is not JSON
 * (invalid: "Parameters marked JSON-encoded are sent in the query string as a JSON text"), a number spelled
 * otherwise than `String(n)` or given empty, an unknown or repeated query parameter, a body key given twice
 * and a body sent without a Content-Type (open: the contract says nothing of them), a required parameter left out, a body that is not JSON or not an
 * object, a path that cannot be percent-decoded (invalid), and a body far above any sensible size limit
 * ("Request bodies above the operation limit give 413"; the limit itself is not shown).
 */
import type { InputClass } from "../contract/request-class.js";
import { wireFormOf } from "../contract/request-operations.js";
import type { CoverageValue } from "./compile/coverage-value.js";
import type { WireChanges } from "./encode-request.js";
import type { OperationInputs } from "./operation-inputs.js";

/** Bytes of the oversize body: well above any plausible limit ("Request body size limit: not shown"). */
export const OVERSIZE_BYTES = 10 * 1024 * 1024;

/** The keyword of the oversize case: the wire rule "Request bodies above the operation limit give 413". */
export const OVERSIZE = "body-size";

/** An unknown id with path characters that a query string would split on (`&`, `=`). */
const SUB_DELIMS_ID = "cb:person:cbcheck&dataset=x";

/** One wire case: a decoded value, its tag, and what the wire changes. */
export interface WireCase {
  value: Record<string, unknown>;
  tag: { parameter: string; keyword: string; label: string; intended: InputClass };
  changes: WireChanges;
}

/** The wire cases of an operation, given each parameter's coverage values. */
export function wireValues(
  inputs: OperationInputs,
  valuesOf: ReadonlyMap<string, CoverageValue[]>,
): WireCase[] {
  const { operation, schema, baseline } = inputs;
  const out: WireCase[] = [];
  const tag = (parameter: string, keyword: string, label: string, intended: InputClass) => ({
    parameter,
    keyword,
    label,
    intended,
  });
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const form = wireFormOf(operation, name, property);
    const first = (valuesOf.get(name) ?? []).find((v) => v.intended === "valid" && v.wire === undefined);
    if (!first) continue;
    const value = { ...baseline, [name]: first.value };
    if (form === "json") {
      const text = JSON.stringify(first.value);
      const cut = text.length > 1 ? text.slice(0, -1) : "[";
      out.push({
        value,
        tag: tag(name, "not-json", "JSON text cut short", "invalid"),
        changes: { texts: { [name]: cut } },
      });
    }
    if (form === "integer" && typeof first.value === "number") {
      const n = first.value;
      const spellings: [string, string][] = [
        [`0${n}`, "a leading zero"],
        [`${n}.0`, "a zero fraction"],
        [`+${n}`, "a plus sign"],
        [`${n}e0`, "an exponent"],
      ];
      for (const [text, label] of spellings) {
        out.push({
          value,
          tag: tag(name, "non-canonical-number", `${n} written with ${label}`, "open"),
          changes: { texts: { [name]: text } },
        });
      }
      out.push({
        value,
        tag: tag(name, "empty-number", "given empty", "open"),
        changes: { texts: { [name]: "" } },
      });
    }
  }
  // A path parameter cannot be left out: the request would name another route.
  for (const name of (schema.required ?? []).filter((n) => !operation.path.includes(`{${n}}`))) {
    const { [name]: _, ...rest } = baseline;
    out.push({ value: rest, tag: tag(name, "required", "left out", "invalid"), changes: {} });
  }
  return [...out, ...(operation.carrier === "body" ? bodyCases(inputs) : queryCases(inputs, valuesOf))];
}

function queryCases(inputs: OperationInputs, valuesOf: ReadonlyMap<string, CoverageValue[]>): WireCase[] {
  const { operation, schema, baseline } = inputs;
  const out: WireCase[] = [
    {
      value: baseline,
      tag: {
        parameter: "cbcheck_unknown",
        keyword: "unknown-parameter",
        label: "a parameter the operation does not have",
        intended: "open",
      },
      changes: { texts: { cbcheck_unknown: "1" } },
    },
  ];
  // A query parameter given twice with the same value: the first the request carries, else the first optional.
  const inQuery = (name: string) => wireFormOf(operation, name, schema.properties?.[name] ?? {}) !== "path";
  const carried = Object.keys(baseline).find(inQuery);
  const optional = Object.keys(schema.properties ?? {}).find((n) => inQuery(n) && !(n in baseline));
  const name = carried ?? optional;
  const first =
    name === undefined ? undefined : (valuesOf.get(name) ?? []).find((v) => v.intended === "valid");
  if (name !== undefined && (carried || first)) {
    const value = carried ? baseline : { ...baseline, [name]: first?.value };
    out.push({
      value,
      tag: {
        parameter: name,
        keyword: "repeated",
        label: "given twice with the same value",
        intended: "open",
      },
      changes: { repeated: [name] },
    });
  }
  out.push(...rawQueryCases(inputs));
  const path = /\{([^}]+)\}/.exec(operation.path)?.[1];
  if (path) {
    out.push({
      value: baseline,
      tag: {
        parameter: path,
        keyword: "not-percent-decodable",
        label: "a cut percent-encoded UTF-8 sequence",
        intended: "invalid",
      },
      changes: { rawSegment: "%E0%A4%A" },
    });
    // `&` and `=` are path characters (RFC 3986 §3.3): a server must not read them as a query string. The
    // id is of the contract's form (`cb:<type>:<key>`; a person's key form is not shown), so it is served,
    // in `coverage.missing` ("Unknown input ids are not an error").
    out.push({
      value: { ...baseline, [path]: SUB_DELIMS_ID },
      tag: {
        parameter: path,
        keyword: "raw-sub-delims",
        label: "an id holding a raw `&dataset=x`",
        intended: "valid",
      },
      changes: { rawSegment: SUB_DELIMS_ID },
    });
  }
  return out;
}

/** `n` characters, `a` and a raw `+` by turns, `a` at both ends (`a+a+…+aa` for an even `n`). */
export function plusText(n: number): string {
  return Array.from({ length: n }, (_, i) => (i % 2 === 1 && i < n - 1 ? "+" : "a")).join("");
}

/**
 * Query strings written as they are (query-readings.ts), only where every reading gives the same class: text
 * with a raw `+` at a string parameter's `maxLength` and one above it (a `+` is one character whether read as
 * a space or as itself), and a malformed escape `%ZZ` in a JSON-encoded or numeric parameter (not JSON or not
 * a number when kept as written, not percent-encoded UTF-8 otherwise). Free text gets no `%ZZ`: kept as
 * written it is valid text, so a server may take it.
 */
function rawQueryCases(inputs: OperationInputs): WireCase[] {
  const { operation, schema, baseline } = inputs;
  const out: WireCase[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const form = wireFormOf(operation, name, property);
    const max = property.maxLength;
    if (form === "text" && max !== undefined && !property.format && !property.enum) {
      for (const [n, intended, label] of [
        [max, "valid", `at maxLength ${max}`],
        [max + 1, "invalid", `one above maxLength ${max}`],
      ] as const) {
        out.push({
          value: { ...baseline, [name]: plusText(n) },
          tag: {
            parameter: name,
            keyword: "raw-plus",
            label: `${n} characters with raw + (${label})`,
            intended,
          },
          changes: { rawTexts: { [name]: plusText(n) } },
        });
      }
    }
    if (form === "json" || form === "integer" || form === "number") {
      out.push({
        value: baseline,
        tag: {
          parameter: name,
          keyword: "malformed-escape",
          label: "a malformed escape %ZZ",
          intended: "invalid",
        },
        changes: { rawTexts: { [name]: "%ZZ" } },
      });
    }
  }
  return out;
}

/** `text` padded with spaces to OVERSIZE_BYTES (made once: it is large). */
let padded: { text: string; body: Buffer } | undefined;
function oversize(text: string): Buffer {
  if (padded?.text !== text) {
    const body = Buffer.alloc(OVERSIZE_BYTES, " ");
    body.write(text, 0, "utf8");
    padded = { text, body };
  }
  return padded.body;
}

function bodyCases(inputs: OperationInputs): WireCase[] {
  const { schema, baseline } = inputs;
  const text = JSON.stringify(baseline);
  const [key = "ids"] = Object.keys(baseline);
  const body = (
    keyword: string,
    label: string,
    intended: InputClass,
    raw: string | Buffer,
    parameter = "(body)",
  ) => ({
    value: baseline,
    tag: { parameter, keyword, label, intended },
    changes: { rawBody: raw },
  });
  const first = `${JSON.stringify(key)}:${JSON.stringify(baseline[key])}`;
  return [
    {
      value: { ...baseline, cbcheck_unknown: 1 },
      tag: {
        parameter: "cbcheck_unknown",
        keyword: "additionalProperties",
        label: "a property the body does not have",
        intended: schema.additionalProperties === false ? "invalid" : "open",
      },
      changes: {},
    },
    body("repeated-key", "a key given twice with the same value", "open", `{${first},${text.slice(1)}`, key),
    body("body-not-json", "JSON text cut short", "invalid", text.slice(0, -2)),
    body("type", "a JSON array instead of an object", "invalid", "[]"),
    // `null` is JSON too: a server that reads the body's keys before its type answers 500 (found by Stryker).
    body("type", "JSON null instead of an object", "invalid", "null"),
    {
      // "Request body (JSON)" names no media type, so a server may take a body without one as JSON or
      // refuse it (400) — but not fail on it (Stryker: a Content-Type read before it is known to be there).
      value: baseline,
      tag: {
        parameter: "(body)",
        keyword: "no-content-type",
        label: "no Content-Type header",
        intended: "open",
      },
      changes: { withoutContentType: true },
    },
    // A valid body padded with white space: its size is the one thing wrong with it.
    body(OVERSIZE, `${OVERSIZE_BYTES} bytes (the limit is not shown)`, "invalid", oversize(text)),
  ];
}
