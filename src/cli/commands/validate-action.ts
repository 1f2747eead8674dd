/**
 * The action of `cbcheck validate` (registered, with its flags and help, by validate.ts): loaded only when the command
 * runs, so that `--help`, `--version` and every other command do not load its implementation.
 */
import type { Command } from "commander";
import {
  JUDGE_IN_THREAD_CHARS,
  JudgeThread,
  JudgingUnfinished,
} from "../../checks/judge-thread/judge-thread.js";
import {
  type ResolvedValidateOptions,
  resolveValidateOptions,
  type ValidateOptions,
} from "../../checks/validate/options.js";
import type { Finding, ValidateResult } from "../../checks/validate/validate-document.js";
import { validateText } from "../../checks/validate/validate-text.js";
import { EXIT, HarnessError } from "../../errors.js";
import { FILE_LIMITS, readCappedFile } from "../../read-capped-file.js";
import { readFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { VALIDATE_FLAGS, type ValidateOutputOptions } from "./validate-flags.js";

const MAX_BYTES = FILE_LIMITS.document;

/** Runs `cbcheck validate` with the flags commander parsed (loaded when the command runs). */
export async function validateAction(
  cli: Invocation,
  file: string | undefined,
  command: Command,
): Promise<void> {
  const { json, ...flags } = readFlags(command, VALIDATE_FLAGS) as ValidateOptions & ValidateOutputOptions;
  const request = flags.request?.startsWith("@")
    ? await readFileText(cli.path(flags.request.slice(1)))
    : flags.request;
  const options = resolveValidateOptions({ ...flags, request });
  const deadline = AbortSignal.timeout(options.deadlineS * 1000);
  const text = await readInput(cli, file);
  const result = await judge(text, options, file === undefined || file === "-" ? "stdin" : file, deadline);
  print(cli, result, json === true);
  if (result.findings.some((f) => f.severity === "error")) cli.exitCode = EXIT.violation;
}

/**
 * Judges a small document here, a large one on the judging worker, which `deadline` (--deadline-s) ends:
 * then nothing is judged (exit 2), however long the document would have taken.
 */
async function judge(
  text: string,
  options: ResolvedValidateOptions,
  source: string,
  deadline: AbortSignal,
): Promise<ValidateResult> {
  if (text.length <= JUDGE_IN_THREAD_CHARS) return validateText(text, options, source);
  const thread = new JudgeThread();
  try {
    return await thread.validateText(text, options, source, deadline);
  } catch (err) {
    if (!(err instanceof JudgingUnfinished)) throw err;
    const mib = (Buffer.byteLength(text) / 1024 / 1024).toFixed(1);
    const why = err.reason === "aborted" ? `within --deadline-s ${options.deadlineS}` : `(${err.message})`;
    throw new HarnessError("CB_STOPPED", `judging ${source} (${mib} MiB) did not finish ${why}: no verdict`);
  } finally {
    await thread.close();
  }
}

function readFileText(path: string): Promise<string> {
  return readCappedFile(path, MAX_BYTES, "file");
}

async function readInput(cli: Invocation, file: string | undefined): Promise<string> {
  if (file !== undefined && file !== "-") return readFileText(cli.path(file));
  const { stdin } = cli.io;
  if (stdin.isTTY) throw new HarnessError("CB_USAGE", "no input: give a FILE or pipe JSON to stdin");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_BYTES)
      throw new HarnessError("CB_INPUT_TOO_LARGE", `stdin is over the limit of ${MAX_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function line(f: Finding): string {
  return `${f.pointer === "" ? "/" : f.pointer}  ${f.severity === "warning" ? "warning: " : ""}${f.message}  [${f.source}]`;
}

function print(cli: Invocation, result: ValidateResult, asJson: boolean): void {
  const errors = result.findings.filter((f) => f.severity === "error").length;
  const warnings = result.findings.length - errors;
  if (asJson) {
    cli.stdout.write(`${JSON.stringify({ valid: errors === 0, errors, warnings, ...result }, null, 2)}\n`);
    return;
  }
  for (const f of result.findings) cli.stdout.write(`${line(f)}\n`);
  const more = result.isSchemaComplete ? "" : ", more schema violations not listed";
  const inferred = result.inferred ? `, --as ${result.schema} inferred: ${result.inferred}` : "";
  const ran = `schema ${result.schema} + ${result.checksRun.length} checks${more}${inferred}`;
  const verdict = errors === 0 ? "valid" : `${errors} violation(s)`;
  cli.stderr.write(`${verdict}${warnings ? `, ${warnings} warning(s)` : ""} (${ran})\n`);
  const byWhy = new Map<string, string[]>();
  for (const n of result.notRun) byWhy.set(n.why, [...(byWhy.get(n.why) ?? []), n.id]);
  for (const [why, ids] of byWhy)
    if (!why.startsWith("the schema")) cli.stderr.write(`not run (${why}): ${ids.join(", ")}\n`);
}
