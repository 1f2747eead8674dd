/**
 * The certification job's output format (one JSON line per requested id in CB_OUTPUT_FILE):
 * `{"id", "node", "extensions"}` when delivered, `{"id", "missing": true}` when listed in `coverage.missing`,
 * `{"id", "failed": true, "status", "code"}` when the client gave up on it.
 */

/** One line of the client's output file. */
export type JobLine =
  | { id: string; node: unknown; extensions: Record<string, unknown> }
  | { id: string; missing: true }
  | { id: string; failed: true; status: number; code: string };

interface ServedEnvelope {
  data?: {
    entities?: Array<{ id: string; payload?: Record<string, unknown> }>;
    extensions?: Record<string, Record<string, unknown> | undefined>;
  };
  coverage?: { missing?: string[] };
}

/** The 9-digit organisation number an extension value is keyed by (contract, Extensions). */
export function orgNumberOf(node: { id: string; payload?: Record<string, unknown> }): string | undefined {
  const fromPayload = node.payload?.org_nr;
  if (typeof fromPayload === "string") return fromPayload;
  return /^cb:org:(\d{9})$/.exec(node.id)?.[1];
}

/** Output lines for the ids of one served batch call, in the order they were asked for. */
export function linesForServedChunk(
  ids: readonly string[],
  served: unknown,
  extend: readonly string[],
): JobLine[] {
  const envelope = served as ServedEnvelope;
  const byId = new Map((envelope.data?.entities ?? []).map((node) => [node.id, node]));
  const missing = new Set(envelope.coverage?.missing ?? []);
  const lines: JobLine[] = [];
  for (const id of ids) {
    const node = byId.get(id);
    if (node) {
      const orgNr = orgNumberOf(node);
      const extensions: Record<string, unknown> = {};
      for (const name of extend) {
        const value = orgNr === undefined ? undefined : envelope.data?.extensions?.[name]?.[orgNr];
        if (value !== undefined) extensions[name] = value;
      }
      lines.push({ id, node, extensions });
    } else if (missing.has(id)) {
      lines.push({ id, missing: true });
    }
  }
  return lines;
}

/** Output lines for ids whose call was refused and not retried. */
export function linesForFailedChunk(ids: readonly string[], status: number, code: string): JobLine[] {
  return ids.map((id) => ({ id, failed: true, status, code }));
}

/** Serialises lines for appending to the output file. */
export function formatLines(lines: readonly JobLine[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join("");
}
