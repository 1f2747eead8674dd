import type { Command } from "commander";
import { HarnessError } from "../../errors.js";

/** Registers a command that is planned but not built yet: it says so and exits 2, never a fake success. */
export function registerNotImplemented(program: Command, name: string, summary: string): void {
  program
    .command(name)
    .description(`${summary} (not implemented yet)`)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      throw new HarnessError("CB_NOT_IMPLEMENTED", `cbcheck ${name} is not implemented yet`);
    });
}
