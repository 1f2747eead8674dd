import type { Command } from "commander";
import { registerNotImplemented } from "./not-implemented.js";

/** Registers `cbcheck load`. */
export function registerLoad(program: Command): void {
  registerNotImplemented(program, "load", "load");
}
