/**
 * Findings counted by report row — a client rule on one key, or a check on one operation — rather than kept one
 * by one: a client breaking a rule on every call for a minute makes one row with its count and its first few
 * counterexamples, in memory that does not grow with the traffic. The judge thread counts each batch's
 * findings (`countFindings`) and posts the counts with the first findings of each row (for the live lines);
 * the session adds them up (`FindingRows`).
 */
import type { Finding } from "./finding.js";

/** Counterexamples kept per row. */
export const EXAMPLES = 5;
/** Findings of one row posted back per batch (the live lines show a few per second; the rest are counted). */
export const SHOWN_PER_BATCH = 3;

/** The findings of one row in one batch. */
export interface RowCount {
  /**
   * Exchanges with findings in this row (one exchange breaking a check in three places is one), and those of
   * them with a finding of severity error.
   */
  count: number;
  errors: number;
  /** Its first findings in the batch (at most `SHOWN_PER_BATCH`). */
  shown: Finding[];
}

/** One row of a session: where it belongs, how many findings, and the first `EXAMPLES` of them. */
export interface FindingRow {
  side: Finding["side"];
  id: string;
  operation: string;
  keyHash: string;
  count: number;
  errors: number;
  examples: Finding[];
}

/** The row a finding counts in: a client rule per key, a check per operation. */
function rowOf(f: Finding): string {
  return f.side === "client" ? `client ${f.exchange.keyHash} ${f.id}` : `server ${f.id} ${f.operation}`;
}

/**
 * A batch's findings counted by row — by exchange: the findings of one exchange come together, and count once
 * per row — with the first `SHOWN_PER_BATCH` findings of each.
 */
export function countFindings(findings: Iterable<Finding>): RowCount[] {
  const rows = new Map<string, RowCount & { last?: Finding["exchange"]; lastIsError?: boolean }>();
  for (const f of findings) {
    const key = rowOf(f);
    let row = rows.get(key);
    if (!row) {
      row = { count: 0, errors: 0, shown: [] };
      rows.set(key, row);
    }
    const isError = f.severity === "error";
    if (row.last !== f.exchange) {
      row.last = f.exchange;
      row.lastIsError = false;
      row.count++;
    }
    if (isError && !row.lastIsError) {
      row.lastIsError = true;
      row.errors++;
    }
    if (row.shown.length < SHOWN_PER_BATCH) row.shown.push(f);
  }
  return [...rows.values()].map(({ count, errors, shown }) => ({ count, errors, shown }));
}

/** The rows of a session, in the order they were first found. */
export class FindingRows {
  readonly #rows = new Map<string, FindingRow>();

  /** Adds one row's count of a batch (its first finding names the row). */
  add(count: RowCount): void {
    const first = count.shown[0];
    if (!first) return;
    const key = rowOf(first);
    let row = this.#rows.get(key);
    if (!row) {
      const { side, id, operation } = first;
      row = { side, id, operation, keyHash: first.exchange.keyHash, count: 0, errors: 0, examples: [] };
      this.#rows.set(key, row);
    }
    row.count += count.count;
    row.errors += count.errors;
    for (const f of count.shown) if (row.examples.length < EXAMPLES) row.examples.push(f);
  }

  /** Every row, in the order first found. */
  all(): FindingRow[] {
    return [...this.#rows.values()];
  }

  /** Findings in all rows. */
  get total(): number {
    let n = 0;
    for (const row of this.#rows.values()) n += row.count;
    return n;
  }
}
