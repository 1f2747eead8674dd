/**
 * The `cbcheck` command lines of an example (a workflow step, a pod's shell command) checked against the real
 * program: a renamed command or flag breaks the example's test, not a user's CI.
 */
import type { Command } from "commander";
import { buildProgram } from "../program.js";

/** Every `cbcheck <command> …` invocation in a shell script, with its flags (`--name`). */
export function invocations(script: string): { command: string; flags: string[] }[] {
  const joined = script.replace(/\\\n/g, " ");
  return [...joined.matchAll(/\bcbcheck\s+([a-z-]+)([^\n&;|]*)/g)].map((m) => ({
    command: m[1],
    flags: [...m[2].matchAll(/(?<=\s|^)(--[a-z][a-z-]*)/g)].map((f) => f[1]),
  }));
}

/** The invocations of `script` that name a command or a flag the program does not have, as text. */
export function unknownInvocations(script: string): string[] {
  const program = buildProgram();
  return invocations(script).flatMap(({ command, flags }) => {
    const sub = program.commands.find((c) => c.name() === command);
    if (!sub) return [`cbcheck ${command}`];
    const known = longFlags(sub);
    return flags.filter((f) => !known.has(f)).map((f) => `cbcheck ${command} ${f}`);
  });
}

function longFlags(command: Command): Set<string> {
  return new Set(command.options.map((o) => o.long).filter((f): f is string => f !== undefined));
}
