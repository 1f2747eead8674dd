import type { Command } from "commander";
import { registerNotImplemented } from "./not-implemented.js";

/** Registers `cbcheck run`. */
export function registerRun(program: Command): void {
  registerNotImplemented(program, "run", "run");
}
