/**
 * The target half of the hostile matrix: each case is one hostile target (a real server on port 0) that every
 * command talking to a target meets in turn (hostile-commands.ts), with the exit codes each must end with.
 * Shared by `src/cli/hostile-matrix.test.ts` (in-process: exit code, no false PASS, reports that match the
 * exit code, the case's own promise) and `bench/hostile.ts` (real processes: wall time, peak memory).
 */
import { exitCodeOf, type Verdict } from "../../report/verdict.js";
import { secretFoundIn } from "../../test-support/expect-no-secret.js";
import type { TargetCommand } from "./hostile-commands.js";
import { falsePass, shellExit } from "./hostile-outcome.js";
import type { HostileTargetKind } from "./hostile-targets.js";
import type { CliOutcome } from "./run-cli-case.js";

/** A key with characters that every encoding changes (`+`, `/`, `=`, `&`, `"`). */
export const ECHOED_KEY = 'sk_live_Zq9+/Xy=ab&cd"ef_0123456789';

/** The key in each form a hostile target may send it back in; none may appear in any output. */
export function keyForms(key: string): Record<string, string> {
  const base64 = Buffer.from(key).toString("base64");
  return {
    raw: key,
    "url-encoded": encodeURIComponent(key),
    base64,
    "base64 (within 'Bearer …')": Buffer.from(`Bearer ${key}`).toString("base64").slice(12, 40),
    "json-escaped": JSON.stringify(key).slice(1, -1),
    "head (12 chars)": key.slice(0, 12),
    "base64 head (12 chars)": base64.slice(0, 12),
  };
}

/** What a case may check beyond exit code, false PASS and reports: problems found (empty: fine). */
export type CaseVerify = (
  outcome: CliOutcome,
  reports: Record<string, string>,
  target: { redirectHits(): number },
  command: TargetCommand,
) => string[];

/** One hostile target and what each command must end with against it. */
export interface TargetCase {
  name: string;
  /** The issue item it proves (issue 14's §1–§6, issue 26's findings, signals). */
  item: string;
  kind: HostileTargetKind;
  /** Exit codes each command may end with (a signal counts as 128 + its number). */
  exits: Record<TargetCommand, number[]>;
  /** Interrupt every command once the target holds a request. */
  signal?: "SIGINT" | "SIGTERM";
  /** Overall deadline of each command (default 20 s: a bound no case should reach). */
  deadlineS?: number;
  /** Per-request timeout in ms (default 5,000: room for a 16 MiB body on a loaded machine). */
  timeoutMs?: number;
  verify?: CaseVerify;
}

/** The same exit codes for every command. */
function all(...codes: number[]): Record<TargetCommand, number[]> {
  return { run: codes, library: codes, compare: codes, load: codes, replay: codes, proxy: codes };
}

/**
 * `codes` for every command whose answer must be judged; the proxy may also end incomplete (2): its stop gives
 * judging 1.5 s, and on a busy machine the exchanges still queued then are counted unjudged (never a pass).
 * So may load: its profile here lasts 1 s, and on a starved machine it can end before any answer came (seen:
 * 2 calls, 0 responses, every verdict inconclusive).
 */
function judged(...codes: number[]): Record<TargetCommand, number[]> {
  return { ...all(...codes), proxy: [...codes, 2], load: [...codes, 2] };
}

/** No form of the key in stdout, stderr, any report or run's HAR (which it must have written). */
const noKeyAnywhere: CaseVerify = (outcome, reports, _target, command) => {
  const problems: string[] = [];
  const texts = { stdout: outcome.stdout, stderr: outcome.stderr, ...reports };
  // Every encoding of the shared assertion (src/test-support/expect-no-secret.ts), the forms above too.
  for (const [where, content] of Object.entries(texts)) {
    const found = secretFoundIn(content, ECHOED_KEY);
    if (found) problems.push(`the key is in ${where} (${found})`);
    for (const [form, text] of Object.entries(keyForms(ECHOED_KEY)))
      if (content.includes(text)) problems.push(`the key (${form}) is in ${where}`);
  }
  if (command === "run" && !("run.har" in reports)) problems.push("run wrote no HAR");
  return problems;
};

/** Characters a terminal or renderer acts on (line feed and tab aside): none may reach an output. */
const ACTING =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** No character a terminal acts on in stdout, stderr or a human-readable report; report.md shows them escaped. */
const noActingCharacter: CaseVerify = (outcome, reports, _target, command) => {
  const texts = { stdout: outcome.stdout, stderr: outcome.stderr, ...reports };
  const problems = Object.entries(texts)
    // JSON escapes them itself; the library's "stdout" is its returned report as JSON.
    .filter(([where, text]) => where !== "report.json" && where !== "run.har" && ACTING.test(text))
    .filter(([where]) => !(command === "library" && where === "stdout"))
    .map(([where, text]) => `${where} holds ${JSON.stringify(ACTING.exec(text)?.[0])}`);
  if (command === "run" && !reports["report.md"]?.includes(String.raw`\x1b]0;pwned\x07`))
    problems.push("report.md does not show the window-title sequence escaped");
  return problems;
};

const noRedirectFollowed: CaseVerify = (_outcome, _reports, target) =>
  target.redirectHits() > 0 ? ["a redirect was followed"] : [];

/** Each command's overall deadline (seconds) where the case sets none: a bound no case should reach. */
export const DEFAULT_DEADLINE_S = 20;

/** Each request's timeout (ms) where the case sets none. */
export const DEFAULT_TIMEOUT_MS = 5000;

/** The timeout of a target that never answers: every call it stalls costs this much. */
const STALL_TIMEOUT_MS = 300;

/**
 * The deadline ended the command (its report says so; replay says it on stderr), or the command judged the
 * body within it: the body takes about 1 s to judge on a warm worker of a quiet machine, the shortest deadline
 * the commands take, so a quiet machine may finish it (exit 1, its violations; the case's deadline bound
 * still holds). Never an exit 2 that does not name the deadline.
 */
const stoppedAtDeadline: CaseVerify = (outcome, reports, _target, command) => {
  // load has its own --max-seconds (its notes say it); the proxy has no deadline: a signal ends it.
  if (command === "load" || command === "proxy") return [];
  const json = reports["report.json"];
  if (json === undefined)
    return /deadline/.test(outcome.stderr)
      ? []
      : [`stderr does not name the deadline: ${outcome.stderr.slice(0, 300)}`];
  const stopped = (JSON.parse(json) as { details?: { stopped?: string } }).details?.stopped;
  if (stopped === "deadline" || (stopped === undefined && shellExit(outcome) === 1)) return [];
  return [`report.json details.stopped is ${stopped}, not deadline (exit ${shellExit(outcome)})`];
};

/** The judging of a body slow to judge is cut at this deadline (seconds). */
export const SLOW_DEADLINE_S = 1;

/**
 * Every target case. Exit codes: a hostile answer is a violation (1) wherever it is judged; a dead target fails
 * its calls (1) where give-up ends the run, none where it answers nothing judged (replay: 2, no response); a
 * limit that never clears or judging the deadline cut is no verdict (2); a signal ends with 130/143, except the
 * proxy, whose normal end it is (its verdict: 0 or 1).
 */
export const TARGET_CASES: TargetCase[] = [
  {
    name: "echo-key",
    item: "§3 / issue 26 §3",
    kind: "echo-key",
    exits: judged(1),
    verify: noKeyAnywhere,
  },
  {
    name: "escape-sequences",
    item: "issue 26 §6",
    kind: "escape-sequences",
    exits: judged(1),
    verify: noActingCharacter,
  },
  { name: "deep-json", item: "§1 / issue 26 §4", kind: "deep-json", exits: judged(1) },
  {
    name: "wide-array-14MiB",
    item: "§2",
    kind: "wide-array",
    exits: judged(1),
  },
  {
    name: "many-keys-15MiB",
    item: "issue 26 §5",
    kind: "many-keys",
    exits: judged(1),
  },
  // A cut body is no complete response: a failure where calls are judged, no verdict for replay. The proxy
  // judges the client side only of an exchange whose copy was cut at the cap ("a cut body is no fault of the
  // server's", docs/proxy.md), so the server's answer went unjudged: incomplete, never a pass.
  {
    name: "oversize-24MiB",
    item: "capped reads",
    kind: "oversize",
    exits: { ...judged(1), replay: [2], proxy: [2] },
  },
  {
    name: "slow-to-judge",
    item: "§2",
    kind: "slow-to-judge",
    deadlineS: SLOW_DEADLINE_S,
    // Its /me answer is small and fails the checks of /me before the slow body comes: 1 or 2, never a pass,
    // and the deadline must have ended the judging. The proxy has no deadline: its stop gives judging 1.5 s
    // and counts the rest unjudged (incomplete), unless the /me finding was judged first.
    exits: { ...all(2), run: [1, 2], library: [1, 2], compare: [1, 2], load: [1, 2], proxy: [1, 2] },
    verify: stoppedAtDeadline,
  },
  {
    name: "stall",
    item: "§6",
    kind: "stall",
    timeoutMs: STALL_TIMEOUT_MS,
    exits: { ...judged(1), replay: [2] },
  },
  {
    name: "all-429",
    item: "§6",
    kind: "all-429",
    exits: { ...all(2), load: [1, 2], proxy: [1, 2] },
  },
  { name: "reset", item: "§6", kind: "reset", exits: { ...judged(1), replay: [2] } },
  { name: "redirect", item: "§6", kind: "redirect", exits: judged(1), verify: noRedirectFollowed },
  { name: "gzip-bomb", item: "§6", kind: "gzip-bomb", exits: judged(1) },
  // A long timeout: only the signal can end the call the target holds.
  {
    name: "sigint-stall",
    item: "signals",
    kind: "stall",
    signal: "SIGINT",
    timeoutMs: 60_000,
    // The proxy's normal end; the exchange the target holds is cut by the stop and judged on the client side
    // only (docs/proxy.md): the server's answer went unjudged, so incomplete, never a pass.
    exits: { ...all(130), proxy: [2] },
  },
  {
    name: "sigterm-stall",
    item: "signals",
    kind: "stall",
    signal: "SIGTERM",
    timeoutMs: 60_000,
    exits: { ...all(143), proxy: [2] },
  },
];

/** Commands that write the four reports on every end (all but `replay`, which prints its verdict). */
const REPORTING: ReadonlySet<TargetCommand> = new Set(["run", "library", "compare", "load", "proxy"]);

/**
 * What is wrong with how `command` ended against the case's target: an exit code it may not end with, a PASS
 * the exit code denies, missing reports or a report verdict that does not match the exit code, a wall time
 * past its deadline, and the case's own promise. Empty: it held.
 */
export function problemsOf(
  c: TargetCase,
  command: TargetCommand,
  outcome: CliOutcome,
  reports: Record<string, string>,
  target: { redirectHits(): number },
): string[] {
  const problems: string[] = [];
  const code = shellExit(outcome);
  if (!c.exits[command].includes(code))
    problems.push(`exit ${code}, expected ${c.exits[command].join(" or ")}`);
  problems.push(...falsePass(outcome, reports));
  if (REPORTING.has(command)) {
    const names = ["junit.xml", "report.json", "report.md", "report.html"].filter((n) => !(n in reports));
    if (names.length > 0) problems.push(`no ${names.join(", ")}`);
    const verdict = (JSON.parse(reports["report.json"] ?? "{}") as { verdict?: Verdict }).verdict;
    // The proxy ends on a signal by design: its exit code is its verdict's.
    const signal = command === "proxy" ? undefined : c.signal;
    if (verdict && exitCodeOf(verdict, signal) !== code)
      problems.push(`report.json says ${verdict}, which is not exit ${code}`);
  }
  const limitMs = ((c.deadlineS ?? DEFAULT_DEADLINE_S) + 10) * 1000;
  if (outcome.wallMs > limitMs) problems.push(`took ${outcome.wallMs} ms, past ${limitMs} ms`);
  problems.push(...(c.verify?.(outcome, reports, target, command) ?? []));
  return problems;
}
