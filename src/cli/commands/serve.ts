import type { Command } from "commander";
import { registerNotImplemented } from "./not-implemented.js";

/** Registers `cbcheck serve`. */
export function registerServe(program: Command): void {
  registerNotImplemented(program, "serve", "serve");
}
