/** Test helper: synthetic trace entries and client runs for the pure rule tests. */
import type { FaultStep, TraceEntry } from "../../server/types.js";
import type { OutputFile } from "../output-file.js";
import type { ClientRun } from "../rule.js";

/** A batch call answered 200 (or `status`) between `start` and `end` ms. */
export function call(n: number, start: number, end: number, extra: Partial<TraceEntry> = {}): TraceEntry {
  return {
    n,
    startedAt: start,
    endedAt: end,
    method: "POST",
    url: "/v1/entities/batch",
    base: "v1",
    operation: "entity-batch",
    headers: { authorization: "Bearer <redacted>" },
    keyName: "plus",
    body: JSON.stringify({ ids: [`cb:org:90000000${n}`] }),
    status: 200,
    responseHeaders: {},
    responseBody: "{}",
    ...extra,
  };
}

/** A served entity-batch answer body. */
export function servedBody(
  nodes: Array<{ id: string; name?: string }>,
  missing: string[] = [],
  extensions = {},
) {
  const entities = nodes.map((n) => ({ id: n.id, type: "org", name: n.name ?? "A", payload: {} }));
  return JSON.stringify({ data: { entities, edges: [], extensions }, coverage: { missing } });
}

/** A client run with sensible defaults. */
export function clientRun(extra: Partial<ClientRun> = {}): ClientRun {
  return {
    scenario: "test",
    apiKey: "test-key-1234567890",
    keyName: "plus",
    requestedIds: [],
    extend: [],
    exitCode: 0,
    timedOut: false,
    timeoutS: 60,
    startedAt: 0,
    endedAt: 10_000,
    stdout: "",
    stderr: "",
    plannedFaults: [],
    pendingFaults: [],
    expectsStop: false,
    ...extra,
  };
}

/** A fault step. */
export const fault = (status: number, code: string, extra: Partial<FaultStep> = {}): FaultStep => ({
  call: 2,
  operation: "entity-batch",
  status,
  code,
  ...extra,
});

/** An empty output file. */
export const noOutput: OutputFile = { exists: true, lines: [], problems: [] };
