/**
 * Schemathesis-style failure text shared by the Markdown and JUnit reporters and the console summaries: a
 * title, `Key: value` lines, then "Reproduce with:" and a curl line whose key is `<redacted>`. What a target
 * sent is shown with its control characters escaped (escapeControls): the text is read on terminals too.
 */
import { toCurl } from "./curl.js";
import { escapeControls, truncate } from "./escape.js";
import type { Counterexample } from "./model.js";

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

/** One line of at most `max` characters: line feeds flattened, the rest cut, control characters escaped. */
export function oneLine(text: string, max: number): string {
  // A lone carriage return is no line break: escapeControls shows it (`\r`), as it would overwrite the line.
  const flat = text.replace(/\s*(?:\r?\n)+\s*/g, " ");
  return escapeControls(flat.length > max ? `${flat.slice(0, max)}…` : flat, true);
}

/** What a counterexample expected and received, and its status, in one short line (empty when none is known). */
export function exampleFacts(cx: Counterexample): string {
  const facts: string[] = [];
  if (cx.expected) facts.push(`expected: ${oneLine(cx.expected, 120)}`);
  if (cx.received) facts.push(`received: ${oneLine(cx.received, 120)}`);
  if (cx.status !== undefined) facts.push(`status ${cx.status}`);
  return facts.join("; ");
}

/**
 * A counterexample in one line (CI annotations): its title, then what was expected and received and the
 * status, each cut short — `title (expected: null; received: ["resolve",1]; status 200)`.
 */
export function oneLineForm(cx: Counterexample): string {
  const facts = exampleFacts(cx);
  const title = oneLine(cx.title, 300);
  return facts ? `${title} (${facts})` : title;
}
