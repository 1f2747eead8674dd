/**
 * The input-space table of a run (report `sent`): per operation, parameter, keyword, where the value sat and
 * the class the request schemas give the parameter (valid, invalid, open), how many requests carried it and
 * what came back (statuses, or the transport's code when no answer came). Every request of an operation with
 * a request schema is counted, whichever suite sent it.
 */

import { canonicalSchema } from "../contract/canonical-schema.js";
import { decodeRequest, type RequestParts } from "../contract/decode-request.js";
import { sharedRegistry } from "../contract/registry.js";
import { classifyDecoded, type InputClass } from "../contract/request-class.js";
import type { SchemaRegistry } from "../contract/schema-registry.js";
import type { CbcheckReport } from "../contract/types.gen.js";
import { Lru } from "../lru.js";
import { labelsOf } from "./value-labels.js";

/** One row of the report's `sent` table. */
export type SentValueRow = NonNullable<CbcheckReport["sent"]>[number];

/** What the table reads of an exchange (a recorded one: transport/exchange.ts). */
export interface TalliedExchange {
  operation: string;
  request: Omit<RequestParts, "operation">;
  response?: { status: number };
  transportError?: { code: string };
}

interface Cell {
  count: number;
  answers: Map<string, number>;
}

/** The cells one request counts in: parameter, keyword, value and class (the answer is added per exchange). */
type RequestCells = readonly (readonly [
  parameter: string,
  keyword: string,
  value: string,
  cls: InputClass,
])[];

/**
 * Cells of requests already decoded with the shared registry, by the request's wire parts. Runs in one process
 * (a test file, `monitor`, the library called in a loop) send the same coverage cases and the same seeded
 * rounds again; decoding and classifying each one (request schemas in ajv, every value labelled) was a
 * tenth of such a run's CPU. Bodies past a few KiB are not keys (they are rare: the oversize and deep cases).
 */
const DECODED = new Lru<string, RequestCells>(5000);
const MEMO_BODY_CHARS = 4096;

/** Counts of the input space over a run. */
export class InputSpaceTally {
  /** Row key → counts; the key holds the row's fields (joined by NUL). */
  readonly #cells = new Map<string, Cell>();

  constructor(readonly registry: SchemaRegistry = sharedRegistry()) {}

  /** Counts one exchange (nothing for an operation without a request schema). */
  add(exchange: TalliedExchange): void {
    const answer = exchange.response
      ? String(exchange.response.status)
      : (exchange.transportError?.code ?? "none");
    for (const [parameter, keyword, value, cls] of this.#cellsOf(exchange))
      this.#count(exchange.operation, parameter, keyword, value, cls, answer);
  }

  #cellsOf(exchange: TalliedExchange): RequestCells {
    const { request } = exchange;
    if (this.registry !== sharedRegistry() || (request.body?.length ?? 0) > MEMO_BODY_CHARS)
      return this.#decode(exchange);
    const key = JSON.stringify([
      exchange.operation,
      request.method,
      request.path,
      request.rawQuery ?? [request.query, request.repeated],
      request.body,
      // Decoding reads of the headers only whether a body came without a Content-Type.
      request.headers === undefined ? null : request.headers["content-type"] !== undefined,
    ]);
    return DECODED.get(key, () => this.#decode(exchange));
  }

  #decode(exchange: TalliedExchange): RequestCells {
    const decoded = decodeRequest({ operation: exchange.operation, ...exchange.request }, this.registry);
    if (!decoded) return [];
    const decided = classifyDecoded(decoded, this.registry);
    const classOf = new Map<string, InputClass>();
    for (const f of decided.findings)
      if (classOf.get(f.parameter) !== "invalid") classOf.set(f.parameter, f.class);
    const cells: [string, string, string, InputClass][] = [];
    const cell = (parameter: string, keyword: string, value: string) =>
      cells.push([parameter, keyword, value, classOf.get(parameter) ?? "valid"]);
    for (const f of decided.findings) cell(f.parameter, f.keyword, f.reason.slice(f.parameter.length + 1));
    const value = decoded.value;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return cells;
    const properties = canonicalSchema(this.registry, decoded.operation.schema).properties ?? {};
    for (const [parameter, v] of Object.entries(value)) {
      const schema = properties[parameter];
      if (!schema) continue;
      for (const label of labelsOf(schema, v)) cell(parameter, label.keyword, label.value);
    }
    return cells;
  }

  #count(
    operation: string,
    parameter: string,
    keyword: string,
    value: string,
    cls: InputClass,
    answer: string,
  ): void {
    const key = [operation, parameter, keyword, value, cls].join("\u0000");
    let cell = this.#cells.get(key);
    if (!cell) {
      cell = { count: 0, answers: new Map() };
      this.#cells.set(key, cell);
    }
    cell.count++;
    cell.answers.set(answer, (cell.answers.get(answer) ?? 0) + 1);
  }

  /** The rows, by operation, parameter, keyword, class and value. */
  rows(): SentValueRow[] {
    return [...this.#cells]
      .map(([key, cell]) => {
        const [operation, parameter, keyword, value, cls] = key.split("\u0000");
        return {
          operation,
          parameter,
          keyword,
          value,
          class: cls as InputClass,
          count: cell.count,
          answers: Object.fromEntries([...cell.answers].sort(([a], [b]) => a.localeCompare(b))),
        };
      })
      .sort(
        (a, b) =>
          a.operation.localeCompare(b.operation) ||
          a.parameter.localeCompare(b.parameter) ||
          a.keyword.localeCompare(b.keyword) ||
          a.class.localeCompare(b.class) ||
          a.value.localeCompare(b.value),
      );
  }
}
