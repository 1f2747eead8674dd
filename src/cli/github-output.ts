/**
 * GitHub Actions outputs of a finished command: with `GITHUB_STEP_SUMMARY` set, the grouped summary is appended
 * to the file it names; under GitHub Actions (`GITHUB_ACTIONS=true`), one `::error`/`::warning` annotation per
 * failing rule goes to stdout. Neither changes the verdict: a summary file that cannot be written is one line
 * on stderr.
 */
import { appendFileSync } from "node:fs";
import { escapeControls } from "../report/escape.js";
import { githubAnnotations, stepSummaryMarkdown } from "../report/github.js";
import type { Report } from "../report/model.js";

/** Where the outputs go (the process's streams in the CLI, captured in tests). */
export interface GithubOutputStreams {
  /** The command's redaction (its console's `Redactor`): the summary file is written outside the reports. */
  redact(text: string): string;
  stdout(text: string): void;
  stderr(text: string): void;
}

/** Writes the step summary and the annotations of `report` (already redacted and bounded) as `env` asks. */
export function writeGithubOutputs(
  report: Report,
  env: Readonly<Record<string, string | undefined>>,
  streams: GithubOutputStreams,
): void {
  const path = env.GITHUB_STEP_SUMMARY;
  if (path) {
    try {
      // The report comes redacted from its command; the file is redacted again as the console is, for what
      // reached the report otherwise (a harness error's message).
      appendFileSync(path, streams.redact(stepSummaryMarkdown(report)));
    } catch (error) {
      const why = escapeControls(`${path}: ${(error as Error).message}`, true);
      streams.stderr(`cbcheck: cannot append to GITHUB_STEP_SUMMARY ${why}\n`);
    }
  }
  if (env.GITHUB_ACTIONS === "true")
    for (const line of githubAnnotations(report)) streams.stdout(`${line}\n`);
}
