/**
 * Keys never reach the console (Authentication 6): once a command knows its keys, everything written to
 * stdout and stderr — summaries, progress lines, error messages — passes through the same redaction as
 * the report files, in every encoding a hostile target may echo a key back in.
 */
import { textRedactor } from "../report/redact.js";

const known = new Set<string>();
let redact: (text: string) => string = (text) => text;
let isInstalled = false;

type Write = NodeJS.WriteStream["write"];

function guard(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (known.size === 0) return write(chunk, ...rest);
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
    // The encoding argument (if any) described the original chunk; the redacted text is a plain string.
    const tail = typeof rest[0] === "string" ? rest.slice(1) : rest;
    return write(redact(text), ...tail);
  }) as Write;
}

/** Adds `keys` to the strings that stdout and stderr never show (unset keys are ignored). */
export function hideInOutput(keys: readonly (string | undefined)[]): void {
  for (const key of keys) if (key) known.add(key);
  redact = textRedactor([...known]);
  if (isInstalled || known.size === 0) return;
  isInstalled = true;
  guard(process.stdout);
  guard(process.stderr);
}
