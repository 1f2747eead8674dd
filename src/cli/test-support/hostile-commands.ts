/**
 * Every command that talks to a target, as the hostile matrix drives it against one hostile target: `run`,
 * `load`, `compare` (the target is the candidate; the reference server the base), `replay` (of a report whose
 * counterexample was sent to the target), `proxy` (a client's calls forwarded to the target) and the library's
 * `run()`. Each runs in this process (the CLI through `runCliInProcess`, the library directly) with short
 * timeouts and give-up limits, so that a case costs a second or two, and hands back what a user would see:
 * exit code, stdout, stderr, the report folder, and (library) the returned report as stdout.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Agent, request } from "undici";
import { HarnessError } from "../../errors.js";
import { type RunLibraryOptions, run } from "../../library/run.js";
import { exitCodeOf } from "../../report/verdict.js";
import type { RunningServer } from "../../server/types.js";
import { replayableReport } from "../../test-support/replayable-report.js";
import type { CliOutcome } from "./run-cli-case.js";
import { type InProcessCall, runCliInProcess } from "./run-cli-in-process.js";

/** The commands that talk to a target. */
export const TARGET_COMMANDS = ["run", "library", "compare", "load", "replay", "proxy"] as const;

/** One of TARGET_COMMANDS. */
export type TargetCommand = (typeof TARGET_COMMANDS)[number];

/** Where and how a command meets the case's hostile target. */
export interface TargetContext {
  baseUrl: string;
  /** The key sent to the target (the hostile matrix's echoed key). */
  key: string;
  /** Scratch folder of this case and command. */
  dir: string;
  /** The reference server: compare's base release. */
  reference: RunningServer;
  /** Requests the target has seen so far. */
  hits: () => number;
  /** Overall deadline in seconds (`--deadline-s`, `--max-seconds`). */
  deadlineS: number;
  /** Per-request timeout in milliseconds: short where the target never answers, room for 16 MiB elsewhere. */
  timeoutMs: number;
  /** Interrupt once the target holds a request (SIGINT/SIGTERM; the library's AbortSignal). */
  signal?: "SIGINT" | "SIGTERM";
}

/** The built-in profile the load cases shorten. */
const LATENCY_PROFILE = fileURLToPath(new URL("../../../suites/load/latency.json", import.meta.url));

const FIXTURES = { known_ids: ["cb:org:123456789"], org_ids: ["cb:org:123456789"] };
/** Per-request timeout and give-up limits: a dead target costs two calls, a target giving only 429s one. */
function guards(c: TargetContext): string[] {
  return ["--timeout-ms", String(c.timeoutMs), "--give-up-after-failures", "2", "--give-up-after-429s", "1"];
}

function file(dir: string, name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

/** Interrupts once the target holds a request, if the case asks for it. */
function interrupt(c: TargetContext): InProcessCall["signal"] {
  return c.signal ? { name: c.signal, when: () => c.hits() > 0 } : undefined;
}

/** A command's call against the target: CLI arguments (or the library's options), and its report folder. */
export interface CommandPlan {
  call: InProcessCall;
  /** The library's `run()` options instead of a CLI call. */
  library?: RunLibraryOptions;
  reportDir?: string;
}

function plan(c: TargetContext, call: InProcessCall, reportDir?: string): CommandPlan {
  const signal = call.signal ?? interrupt(c);
  return { call: { ...call, ...(signal ? { signal } : {}) }, ...(reportDir ? { reportDir } : {}) };
}

/** Reads a body to its end, keeping nothing: a client that stays for the whole answer (`dump()` leaves past 128 KiB). */
async function readAll(body: AsyncIterable<unknown>): Promise<void> {
  for await (const _chunk of body);
}

/** A client's calls through the proxy (a read and /me), each bounded, then the session may end. */
async function clientCalls(proxyUrl: string, key: string): Promise<void> {
  const agent = new Agent({ headersTimeout: 5000, bodyTimeout: 5000 });
  try {
    for (const path of ["/resolve?query=acme", "/me"]) {
      await request(`${proxyUrl}${path}`, { dispatcher: agent, headers: { authorization: `Bearer ${key}` } })
        .then((r) => readAll(r.body))
        .catch(() => undefined);
    }
  } finally {
    await agent.close();
  }
}

/** How each command is called against the target. */
export const PLAN: Record<TargetCommand, (c: TargetContext) => CommandPlan> = {
  run(c) {
    const out = join(c.dir, "reports");
    const args = ["run", "--base-url", c.baseUrl, "--fixtures", file(c.dir, "fixtures.json", FIXTURES)];
    const limits = [...guards(c), "--deadline-s", String(c.deadlineS), "--report-dir", out];
    // The HAR too: it records every exchange, the echoed key's likeliest way out.
    const har = ["--har", join(out, "run.har")];
    return plan(
      c,
      { args: [...args, "--suite", "http", ...limits, ...har], env: { CB_API_KEY: c.key } },
      out,
    );
  },

  library(c) {
    const out = join(c.dir, "reports");
    const library: RunLibraryOptions = {
      baseUrl: c.baseUrl,
      apiKey: c.key,
      fixtures: FIXTURES,
      suites: ["http"],
      timeoutMs: c.timeoutMs,
      giveUpAfterFailures: 2,
      giveUpAfter429s: 1,
      deadlineS: c.deadlineS,
      reportDir: out,
    };
    return { ...plan(c, { args: [] }, out), library };
  },

  compare(c) {
    const out = join(c.dir, "reports");
    const fixtures = file(c.dir, "reference-fixtures.json", c.reference.fixtures);
    const releases = [
      "--base-url",
      c.reference.url,
      "--candidate-url",
      c.baseUrl,
      "--candidate-api-key-env",
      "CB_RC_KEY",
    ];
    // Two pairs (/me, /capabilities) after the preflight: enough to meet every hostile answer.
    const few = ["--fixtures", fixtures, "--operation", "me", "--operation", "capabilities", "--runs", "1"];
    const limits = [...guards(c), "--deadline-s", String(c.deadlineS), "--report-dir", out];
    const env = { CB_API_KEY: c.reference.keys.plus, CB_RC_KEY: c.key };
    return plan(c, { args: ["compare", ...releases, ...few, ...limits], env }, out);
  },

  load(c) {
    const out = join(c.dir, "reports");
    const args = ["load", "--base-url", c.baseUrl, "--fixtures", file(c.dir, "fixtures.json", FIXTURES)];
    // The built-in latency profile for one second, without its warm-up second: every hostile answer is met.
    const profile = file(c.dir, "profile.json", {
      ...JSON.parse(readFileSync(LATENCY_PROFILE, "utf8")),
      $schema: undefined,
      name: "hostile",
      durationSeconds: 1,
      warmupSeconds: 0,
    });
    const short = ["--profile", profile, "--validators", "1", "--max-seconds", String(c.deadlineS)];
    return plan(c, { args: [...args, ...short, "--report-dir", out], env: { CB_API_KEY: c.key } }, out);
  },

  replay(c) {
    const report = file(c.dir, "report.json", replayableReport(c.baseUrl, "Bearer $CB_API_KEY"));
    const args = ["replay", report, ...guards(c), "--deadline-s", String(c.deadlineS)];
    return plan(c, { args, env: { CB_API_KEY: c.key } });
  },

  proxy(c) {
    const out = join(c.dir, "reports");
    let done = false;
    const during = async ({ stderr }: { stderr: () => string }) => {
      let url: string | undefined;
      // Up to a minute: a proxy started as a process under a TypeScript loader on a busy machine is slow to listen.
      for (let i = 0; i < 6000 && !url; i++) {
        url = /clients use (\S+)/.exec(stderr())?.[1];
        if (!url) await new Promise((r) => setTimeout(r, 10));
      }
      if (url) await clientCalls(url, c.key);
      done = true;
    };
    const args = [
      "proxy",
      "--target",
      c.baseUrl,
      "--listen",
      "127.0.0.1:0",
      "--timeout-ms",
      String(c.timeoutMs),
      "--report-dir",
      out,
    ];
    // SIGINT is a proxy session's normal end, sent once the client is done; a case's signal comes while the
    // target holds a request (the session must still end at once).
    const signal = c.signal
      ? { name: c.signal, when: () => c.hits() > 0 }
      : ({ name: "SIGINT", when: () => done } as const);
    return plan(c, { args, during, signal }, out);
  },
};

/** The library's `run()` in this process, as a user would call it; its returned report is its output. */
async function runLibrary(options: RunLibraryOptions, signal: InProcessCall["signal"]): Promise<CliOutcome> {
  const abort = new AbortController();
  const poll = setInterval(() => signal?.when?.() && abort.abort(), 10);
  const started = Date.now();
  let code: number;
  let stdout = "";
  let stderr = "";
  try {
    const report = await run({ ...options, signal: abort.signal });
    stdout = JSON.stringify(report);
    code = exitCodeOf(report.verdict, signal?.name);
  } catch (err) {
    if (!(err instanceof HarnessError)) throw err;
    stderr = `${err.message} [${err.code}]`;
    code = 2;
  } finally {
    clearInterval(poll);
  }
  return { code, signal: null, stdout, stderr, wallMs: Date.now() - started, peakMiB: 0, timedOut: false };
}

/** Runs a planned command in this process. */
export function runInProcess(planned: CommandPlan): Promise<CliOutcome> {
  return planned.library ? runLibrary(planned.library, planned.call.signal) : runCliInProcess(planned.call);
}
