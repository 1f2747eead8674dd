/**
 * The action of `cbcheck openapi` (registered, with its flags and help, by openapi.ts): loaded only when the command
 * runs, so that `--help`, `--version` and every other command do not load its implementation.
 */
import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { HarnessError } from "../../errors.js";
import { buildOpenApiDocument } from "../../openapi/document.js";
import { readFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { OPENAPI_FLAGS } from "./openapi-flags.js";

/** Runs `cbcheck openapi` with the flags commander parsed (loaded when the command runs). */
export async function openApiAction(cli: Invocation, command: Command): Promise<void> {
  const { output, ...options } = readFlags(command, OPENAPI_FLAGS);
  const document = buildOpenApiDocument(options);
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (output === undefined) {
    cli.stdout.write(text);
    return;
  }
  try {
    await writeFile(cli.path(output), text);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "error";
    throw new HarnessError("CB_OUTPUT_UNWRITABLE", `cannot write ${output} (${code})`);
  }
}
