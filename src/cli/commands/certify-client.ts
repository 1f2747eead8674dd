import type { Command } from "commander";
import { registerNotImplemented } from "./not-implemented.js";

/** Registers `cbcheck certify-client`. */
export function registerCertifyClient(program: Command): void {
  registerNotImplemented(program, "certify-client", "certify-client");
}
