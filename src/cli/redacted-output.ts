/**
 * The console's guard (Authentication 6): what a command prints of exchanges is redacted where they were
 * recorded, and its report comes sealed (src/report/seal-result.ts); once a command knows its keys, whatever
 * else reaches its stdout and stderr — an error message that quotes a target — passes through the same
 * `Redactor`, in every encoding a hostile target may echo a key back in.
 */
import { Redactor } from "../redactor.js";
import type { CliOutput } from "./cli-io.js";

/** The redaction each guarded stream applies; a stream is guarded once, however many commands write to it. */
const guards = new WeakMap<CliOutput, Redactor>();

function guard(stream: CliOutput): Redactor {
  const found = guards.get(stream);
  if (found) return found;
  const redactor = new Redactor();
  guards.set(stream, redactor);
  // The stream itself keeps its other members (a terminal's cursor moves, `isTTY`, `columns`): only `write`
  // is wrapped.
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!redactor.hasKeys) return write(chunk, ...rest);
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
    // The encoding argument (if any) described the original chunk; the redacted text is a plain string.
    const tail = typeof rest[0] === "string" ? rest.slice(1) : rest;
    return write(redactor.text(text), ...tail);
  }) as CliOutput["write"];
  return redactor;
}

/** Adds `keys` to the strings that `streams` never show (unset keys are ignored). */
export function hideInOutput(streams: readonly CliOutput[], keys: readonly (string | undefined)[]): void {
  const given = keys.filter((k): k is string => Boolean(k));
  if (given.length === 0) return;
  for (const stream of streams) guard(stream).add(given);
}

/** `text` as `stream` shows it: redacted with the keys hidden in it so far. */
export function shownOn(stream: CliOutput, text: string): string {
  const redactor = guards.get(stream);
  return redactor?.hasKeys ? redactor.text(text) : text;
}
