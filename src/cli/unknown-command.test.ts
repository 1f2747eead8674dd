/** An unknown command (`cbcheck watch`) is refused (exit 2) with or without `--help`: a typo must never pass a CI step. */
import { CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { buildProgram, refuseUnknownCommand } from "./program.js";

/** What `refuseUnknownCommand` does with these arguments: the error it throws and what it printed. */
function refuse(args: string[]): { error?: CommanderError; printed: string } {
  const program = buildProgram();
  let printed = "";
  program.configureOutput({ writeErr: (text) => (printed += text), writeOut: (text) => (printed += text) });
  try {
    refuseUnknownCommand(program, args);
    return { printed };
  } catch (error) {
    return { error: error as CommanderError, printed };
  }
}

describe("refuseUnknownCommand", () => {
  it.each([["watch", "--help"], ["watch"], ["--config", "c.json", "watch", "-h"], ["-V", "watch"]])(
    "refuses %s: says so, exit 2",
    (...args) => {
      const { error, printed } = refuse(args);
      expect(error).toBeInstanceOf(CommanderError);
      expect(error?.exitCode).toBe(2);
      expect(printed).toContain("error: unknown command 'watch'");
    },
  );

  it.each([["run", "--help"], ["--help"], ["help", "run"], ["--config", "c.json", "serve"], []])(
    "lets %s through to commander",
    (...args) => {
      expect(refuse(args)).toEqual({ printed: "" });
    },
  );
});
