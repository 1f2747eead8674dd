/**
 * A client that never made a call because it could not run — a bad command, a syntax error, a missing module —
 * is a setup error (exit 2, its stderr's first lines shown), not a certification verdict: every scenario hands
 * out 130 ids, so a client that ran makes at least one call.
 */
import { HarnessError } from "../errors.js";
import type { ScenarioEvidence } from "./run-scenario.js";

/** Lines of the client's stderr kept for the terminal. */
const STDERR_HEAD_LINES = 10;

/** The client ended before its first call; `stderrHead` are the first lines of its stderr, key redacted. */
export class ClientStartError extends HarnessError {
  readonly stderrHead: string[];

  constructor(message: string, stderrHead: string[]) {
    super("CB_CLIENT_DID_NOT_START", message);
    this.name = "ClientStartError";
    this.stderrHead = stderrHead;
  }
}

/** The setup error of a scenario whose client ended without any call, or undefined when it ran. */
export function clientStartError(evidence: ScenarioEvidence): ClientStartError | undefined {
  const { run, trace, spawnError, aborted } = evidence;
  if (trace.length > 0 || run.timedOut || aborted) return undefined;
  if (spawnError === undefined && run.exitCode === 0) return undefined;
  const how =
    spawnError !== undefined
      ? `could not be started (${spawnError})`
      : run.exitCode === null
        ? "was ended by a signal"
        : `exited ${run.exitCode}`;
  const head = run.stderr
    .split(run.apiKey)
    .join("<redacted>")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, STDERR_HEAD_LINES)
    .map((line) => line.slice(0, 300));
  return new ClientStartError(
    `the client ${how} before its first call in scenario ${run.scenario}: a setup error (bad command, syntax error or missing module?), not a verdict` +
      (head.length > 0 ? "; its stderr begins above" : "; it wrote nothing on stderr"),
    head,
  );
}
