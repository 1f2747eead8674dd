/**
 * Keys never reach the console (Authentication 6): once a command knows its keys, everything written to
 * its stdout and stderr — summaries, progress lines, error messages — passes through the same redaction as
 * the report files, in every encoding a hostile target may echo a key back in.
 */
import { textRedactor } from "../report/redact.js";
import type { CliOutput } from "./cli-io.js";

interface Guard {
  known: Set<string>;
  redact: (text: string) => string;
}

/** The keys each guarded stream hides; a stream is guarded once, however many commands write to it. */
const guards = new WeakMap<CliOutput, Guard>();

function guard(stream: CliOutput): Guard {
  const found = guards.get(stream);
  if (found) return found;
  const state: Guard = { known: new Set(), redact: (text) => text };
  guards.set(stream, state);
  // The stream itself keeps its other members (a terminal's cursor moves, `isTTY`, `columns`): only `write`
  // is wrapped.
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (state.known.size === 0) return write(chunk, ...rest);
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
    // The encoding argument (if any) described the original chunk; the redacted text is a plain string.
    const tail = typeof rest[0] === "string" ? rest.slice(1) : rest;
    return write(state.redact(text), ...tail);
  }) as CliOutput["write"];
  return state;
}

/** Adds `keys` to the strings that `streams` never show (unset keys are ignored). */
export function hideInOutput(streams: readonly CliOutput[], keys: readonly (string | undefined)[]): void {
  const given = keys.filter((k): k is string => Boolean(k));
  if (given.length === 0) return;
  for (const stream of streams) {
    const state = guard(stream);
    for (const key of given) state.known.add(key);
    state.redact = textRedactor([...state.known]);
  }
}
