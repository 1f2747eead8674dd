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

/** Counts of the input space over a run. */
export class InputSpaceTally {
  /** Row key → counts; the key holds the row's fields (joined by NUL). */
  readonly #cells = new Map<string, Cell>();

  constructor(readonly registry: SchemaRegistry = sharedRegistry()) {}

  /** Counts one exchange (nothing for an operation without a request schema). */
  add(exchange: TalliedExchange): void {
    const decoded = decodeRequest({ operation: exchange.operation, ...exchange.request }, this.registry);
    if (!decoded) return;
    const decided = classifyDecoded(decoded, this.registry);
    const answer = exchange.response
      ? String(exchange.response.status)
      : (exchange.transportError?.code ?? "none");
    const classOf = new Map<string, InputClass>();
    for (const f of decided.findings)
      if (classOf.get(f.parameter) !== "invalid") classOf.set(f.parameter, f.class);
    const count = (parameter: string, keyword: string, value: string) =>
      this.#count(exchange.operation, parameter, keyword, value, classOf.get(parameter) ?? "valid", answer);
    for (const f of decided.findings) count(f.parameter, f.keyword, f.reason.slice(f.parameter.length + 1));
    const value = decoded.value;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return;
    const properties = canonicalSchema(this.registry, decoded.operation.schema).properties ?? {};
    for (const [parameter, v] of Object.entries(value)) {
      const schema = properties[parameter];
      if (!schema) continue;
      for (const label of labelsOf(schema, v)) count(parameter, label.keyword, label.value);
    }
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
