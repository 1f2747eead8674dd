/**
 * Schemathesis-style failure text shared by the Markdown and JUnit reporters and the console summaries: a
 * title, `Key: value` lines, then "Reproduce with:" and a curl line whose key is `<redacted>`. What a target
 * sent is shown with its control characters escaped (escapeControls): the text is read on terminals too.
 */
import { toCurl } from "./curl.js";
import { escapeControls, truncate } from "./escape.js";
import type { CheckResult, Counterexample } from "./model.js";

/** The curl line of a counterexample: the one given, else one built from its request. */
export function curlOf(cx: Counterexample): string | undefined {
  if (cx.curl) return cx.curl;
  return cx.request ? toCurl(cx.request) : undefined;
}

/** `Key: value` lines of a counterexample (multi-line values indented under their key). */
export function keyValueLines(cx: Counterexample): string[] {
  const lines: string[] = [];
  const add = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === "") return;
    const [first, ...rest] = escapeControls(truncate(String(value))).split("\n");
    lines.push(`${key}: ${first}`, ...rest.map((l) => `    ${l}`));
  };
  add("Expected", cx.expected);
  add("Received", cx.received);
  add("Pointer", cx.pointer);
  add("Status", cx.status);
  add("Content-Type", cx.response?.headers?.["content-type"]);
  if (cx.response?.body !== undefined && cx.response.body !== "") {
    add("Body", `${truncate(cx.response.body, 500)}${cx.response.bodyTruncated ? " …(cut)" : ""}`);
  }
  add("Shrinks", cx.shrinks);
  for (const e of cx.evidence ?? []) lines.push(`- ${escapeControls(truncate(e), true)}`);
  return lines;
}

/** The whole failure text of one counterexample; `seed` adds a replay hint. */
export function failureText(cx: Counterexample, opts: { checkId?: string; seed?: number } = {}): string {
  const lines = [`- ${escapeControls(truncate(cx.title, 500), true)}`, ""];
  const kv = keyValueLines(cx);
  if (opts.checkId) kv.unshift(`Check: ${opts.checkId}`);
  lines.push(...kv.map((l) => `    ${l}`));
  const curl = curlOf(cx);
  if (curl) lines.push("", "Reproduce with:", "", `    ${escapeControls(curl)}`);
  if (opts.seed !== undefined) lines.push("", `Replay the generated requests with: --seed ${opts.seed}`);
  return lines.join("\n");
}

/** Failing rows an end-of-run summary shows in full; the rest are listed by id (the reports hold them all). */
const SHOWN = 10;

/**
 * The failing rows of a report as the end-of-run text of `run` and `load`: per row its id, operation and
 * suite, the sentence it enforces (`Contract:`), its message, and its first counterexample; past `SHOWN`
 * rows, the ids only.
 */
export function failingRowsText(results: readonly CheckResult[]): string[] {
  const lines: string[] = [];
  const failing = results.filter((r) => r.status === "fail");
  for (const row of failing.slice(0, SHOWN)) {
    const name = `${row.id}${row.operation ? ` (${row.operation})` : ""} [${row.suite}]`;
    lines.push(`FAIL ${escapeControls(name, true)}`);
    lines.push(`  Contract: ${escapeControls(row.sentence, true)}`);
    if (row.message) lines.push(`  ${escapeControls(row.message, true)}`);
    const cx = row.counterexamples[0];
    if (cx) lines.push(failureText(cx, { checkId: row.id }).replace(/^/gm, "  "));
    lines.push("");
  }
  if (failing.length > SHOWN) {
    const more = failing.slice(SHOWN).map((r) => r.id);
    lines.push(`… and ${more.length} more failing checks: ${escapeControls(more.join(", "), true)}`, "");
  }
  return lines;
}
