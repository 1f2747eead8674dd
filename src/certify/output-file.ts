/**
 * Reads the client's CB_OUTPUT_FILE: one JSON object per line (see `job-lines.ts`). Bad lines are kept as
 * problems for the output rules to report, never thrown.
 */
import { open, stat } from "node:fs/promises";

/** One parsed line of the output file. */
export interface OutputLine {
  /** 1-based line number. */
  line: number;
  id: string;
  kind: "delivered" | "missing" | "failed";
  node?: unknown;
  extensions?: Record<string, unknown>;
  status?: number;
  code?: string;
}

/** The parsed output file. */
export interface OutputFile {
  /** False when the client never created the file. */
  exists: boolean;
  lines: OutputLine[];
  /** Lines that are not one of the three shapes, e.g. "line 4: not JSON". */
  problems: string[];
}

/** Largest output file read; a larger one is cut and reported as a problem. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/** Reads and parses the output file; a missing file gives `exists: false`. */
export async function readOutputFile(path: string): Promise<OutputFile> {
  let text: string;
  try {
    // Only the head is read: a client may leave a file of any size (or a special file) behind.
    // Stat by path first: opening a FIFO would block until a writer comes.
    const info = await stat(path);
    if (!info.isFile()) return { exists: true, lines: [], problems: ["the output is not a regular file"] };
    const handle = await open(path, "r");
    try {
      const head = Buffer.alloc(Math.min(info.size, MAX_OUTPUT_BYTES));
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      text = head.toString("utf8", 0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch {
    return { exists: false, lines: [], problems: [] };
  }
  return parseOutputText(text);
}

/** Parses output text; exported for tests. */
export function parseOutputText(text: string): OutputFile {
  const lines: OutputLine[] = [];
  const problems: string[] = [];
  text.split("\n").forEach((raw, index) => {
    if (raw.trim() === "") return;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      problems.push(`line ${line}: not JSON`);
      return;
    }
    const parsed = toLine(value, line);
    if (typeof parsed === "string") problems.push(`line ${line}: ${parsed}`);
    else lines.push(parsed);
  });
  return { exists: true, lines, problems };
}

function toLine(value: unknown, line: number): OutputLine | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not a JSON object";
  const v = value as Record<string, unknown>;
  if (typeof v.id !== "string") return "no string `id`";
  if (v.missing === true) return { line, id: v.id, kind: "missing" };
  if (v.failed === true) {
    const status = typeof v.status === "number" ? v.status : undefined;
    return { line, id: v.id, kind: "failed", status, code: typeof v.code === "string" ? v.code : undefined };
  }
  if ("node" in v) {
    const ext = v.extensions;
    if (ext !== undefined && (typeof ext !== "object" || ext === null || Array.isArray(ext))) {
      return "`extensions` is not an object";
    }
    return {
      line,
      id: v.id,
      kind: "delivered",
      node: v.node,
      extensions: (ext ?? {}) as Record<string, unknown>,
    };
  }
  return "neither `node`, `missing: true` nor `failed: true`";
}
