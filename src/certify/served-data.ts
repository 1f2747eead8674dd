/**
 * What the server delivered over a whole scenario, per id: the first node served, the extension values of its
 * organisation, how often it was delivered, and which ids were listed missing or answered with an error.
 */
import type { TraceEntry } from "../server/types.js";
import { orgNumberOf } from "./job-lines.js";
import { idsAskedBy, servedBy } from "./trace-facts.js";

/** One id's first delivery. */
export interface Delivery {
  node: unknown;
  /** Requested extension name → value served for the organisation (undefined when none was served). */
  extensions: Record<string, unknown>;
  /** Call numbers that delivered it. */
  calls: number[];
}

/** Everything served in a scenario. */
export interface ServedData {
  delivered: Map<string, Delivery>;
  /** Ids listed in `coverage.missing` of a 200 answer, with the call that listed them. */
  missing: Map<string, number>;
  /** Ids asked for by a call answered with an error status. */
  errored: Set<string>;
}

/** Collects the served data from the trace; `extend` is what the client was told to request. */
export function collectServed(trace: readonly TraceEntry[], extend: readonly string[]): ServedData {
  const delivered = new Map<string, Delivery>();
  const missing = new Map<string, number>();
  const errored = new Set<string>();
  for (const entry of [...trace].sort((a, b) => a.n - b.n)) {
    if (entry.status >= 400) for (const id of idsAskedBy(entry)) errored.add(id);
    const served = servedBy(entry);
    if (!served) continue;
    for (const id of served.missing) if (!missing.has(id)) missing.set(id, entry.n);
    for (const node of served.entities) {
      const known = delivered.get(node.id);
      if (known) {
        known.calls.push(entry.n);
        continue;
      }
      const orgNr = orgNumberOf(node);
      const extensions: Record<string, unknown> = {};
      for (const name of extend) extensions[name] = orgNr ? served.extensions[name]?.[orgNr] : undefined;
      delivered.set(node.id, { node, extensions, calls: [entry.n] });
    }
  }
  return { delivered, missing, errored };
}
