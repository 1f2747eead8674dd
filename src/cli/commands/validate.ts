/**
 * `cbcheck validate [FILE] [--as <kind>]`: validates one JSON document (a file, or stdin) against a contract
 * schema and, for response bodies, the semantic checks that can run from a file. Exit 0 valid (warnings
 * allowed), 1 violations, 2 bad usage or unreadable input.
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
import { addFlags, readFlags } from "../flag-table.js";
import type { Invocation } from "../invocation.js";
import { VALIDATE_FLAGS, type ValidateOutputOptions } from "./validate-flags.js";

const MAX_BYTES = FILE_LIMITS.document;

const HELP = `
Kinds (--as): every schema name in schemas/ plus aliases resolve, entities, influencer, candidate, org, batch-body.
Without --as the kind is inferred from --operation/--request/--status, else from the document's shape (resolve,
entity read, influencer read, error, /me). --as envelope does not type data: it is refused (exit 2) for a
response whose data resolve or an entity read types, naming that kind; use it for search, traversals, usage.

Response kinds (resolve, entities, influencer, error, me, envelope) also run the semantic checks. Checks that
need the request run only with --request '{"method":"POST","path":"/entities/batch","body":{...}}' (or @file)
or --path '/entities/cb%3Aorg%3A910000000?include=["*"]'; --status sets the status of an error body.

Output: one line per violation, "<pointer>  <message>  [<schema location or check id>]"; --json for JSON.

Examples:
  cbcheck validate response.json                      # kind inferred from the document
  curl -s "$URL/resolve?query=Equinor" -H "Authorization: Bearer $CB_API_KEY" | cbcheck validate - --as resolve
  cbcheck validate body.json --as entities --request @request.json
  cbcheck validate error.json --as error --status 429 --json

Exit codes:
  0  valid (warnings may be printed)
  1  at least one violation
  2  bad usage (including a kind that cannot be inferred or a too generic --as envelope), unreadable file,
     empty input, input that is not JSON, input over 16 MiB, or judging that did not finish within
     --deadline-s (default 600; documents over 1 MiB are judged on a worker that the deadline ends)
`;

async function action(cli: Invocation, file: string | undefined, command: Command): Promise<void> {
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

/** Registers `cbcheck validate`. */
export function registerValidate(program: Command, cli: Invocation): void {
  const command = program
    .command("validate")
    .description("validate a JSON document (file or stdin) against a contract schema and the semantic checks")
    .argument("[file]", "JSON file to validate; - or nothing reads stdin");
  addFlags(command, VALIDATE_FLAGS)
    .addHelpText("after", HELP)
    .action((file: string | undefined) => action(cli, file, command));
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
