/**
 * Text forms of a failure: a title plus `Key: value` lines (as Schemathesis prints them), and one line
 * `<pointer>  <message>  [<id>]` for `cbcheck validate`.
 */
import type { CheckFailure } from "../check.js";

/** Multi-line form: title, then Severity/Pointer/Expected/Received lines. */
export function formatFailure(f: CheckFailure): string {
  const lines = [`${f.title}  [${f.checkId}]`, `  Severity: ${f.severity}`];
  if (f.pointer !== undefined) lines.push(`  Pointer: ${f.pointer === "" ? "(root)" : f.pointer}`);
  if (f.expected !== undefined) lines.push(`  Expected: ${f.expected}`);
  if (f.received !== undefined) lines.push(`  Received: ${f.received}`);
  return lines.join("\n");
}

/** One-line form: `<pointer>  <message>  [<check id>]` (warnings say so). */
export function formatFailureLine(f: CheckFailure): string {
  const where = f.pointer === undefined || f.pointer === "" ? "/" : f.pointer;
  const detail = [f.expected ? `expected ${f.expected}` : "", f.received ? `received ${f.received}` : ""]
    .filter(Boolean)
    .join(", ");
  const prefix = f.severity === "warning" ? "warning: " : "";
  return `${where}  ${prefix}${f.title}${detail ? ` (${detail})` : ""}  [${f.checkId}]`;
}
