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
