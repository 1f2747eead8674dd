/**
 * What a proxy session has judged so far, added up batch by batch from the judge thread's answers: exchanges
 * judged, findings by row (bounded: finding-rows.ts), keys seen; and what it writes live — a line per finding,
 * rate-limited per rule (live-lines.ts), and a line whenever exchanges go unjudged.
 */

import type { Finding } from "./finding.js";
import { FindingRows } from "./finding-rows.js";
import type { JudgedBatch } from "./judge-worker.js";
import type { LiveLines } from "./live-lines.js";

/** The live line of one finding (key by hash, never the key). */
export function findingLine(f: Finding): string {
  const where = `exchange ${f.exchange.n} ${f.exchange.method} ${f.exchange.url.split("?")[0]}`;
  const level = f.severity === "warning" ? "warn" : "FAIL";
  return `${f.side} ${level} ${f.id} key ${f.exchange.keyHash} ${where}: ${f.evidence[0] ?? f.title}`;
}

/** The running account of one session. */
export class SessionTally {
  readonly rows = new FindingRows();
  readonly keys = new Set<string>();
  /** Exchanges judged (on either side). */
  judged = 0;
  /** Exchanges whose response copy was cut: judged on the client side only. */
  cut = 0;
  /** Exchanges whose judging threw, and the first message. */
  failed = 0;
  failure: string | undefined;

  constructor(readonly lines: LiveLines) {}

  /** Adds one batch's verdicts and writes their lines. */
  add(batch: JudgedBatch): void {
    this.judged += batch.count - batch.failed;
    this.cut += batch.cut;
    this.failed += batch.failed;
    this.failure ??= batch.failure;
    for (const key of batch.keys) this.keys.add(key);
    for (const row of batch.rows) {
      this.rows.add(row);
      for (const f of row.shown) this.lines.line(f.id, findingLine(f));
      if (row.shown[0]) this.lines.more(row.shown[0].id, row.count - row.shown.length);
    }
  }
}
