import type { Command } from "commander";
import { registerNotImplemented } from "./not-implemented.js";

/** Registers `cbcheck validate`. */
export function registerValidate(program: Command): void {
  registerNotImplemented(program, "validate", "validate");
}
