/**
 * Runs the real CLI (`node --import tsx src/cli/main.ts …`) once for the hostile matrix and its benchmark:
 * exit code or signal, stdout, stderr, wall time and the child's peak resident memory (VmHWM, read from
 * /proc while it runs), with an optional signal sent after a delay and a hard time limit.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The checkout whose CLI runs; `CBCHECK_ROOT` points the benchmark at another one (a before/after figure). */
const ROOT = process.env.CBCHECK_ROOT ?? fileURLToPath(new URL("../../../", import.meta.url));

/** How to run one CLI invocation. */
export interface CliCall {
  args: string[];
  env?: Record<string, string>;
  /** Send this signal after `afterMs`, or once `when()` holds (polled every 10 ms). */
  signal?: { name: NodeJS.Signals; afterMs?: number; when?: () => boolean };
  /** Runs beside the command, with its stderr so far (a proxy's clients start once it listens). */
  during?: (output: { stderr: () => string }) => Promise<void>;
  /** Kill (SIGKILL) after this long; the outcome then says `timedOut`. Default 120 s. */
  limitMs?: number;
  /** The module to run instead of the CLI (`bench/support/library-run.ts`: the library's `run()`). */
  script?: string;
}

/** What one invocation did. */
export interface CliOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  /** Peak resident set size of the CLI process in MiB (0 where /proc is missing). */
  peakMiB: number;
  timedOut: boolean;
}

function highWaterMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = /VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kib ? Number(kib) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Runs the CLI from the repository root with `CI=true` and no keys but those in `call.env`. */
export function runCli(call: CliCall): Promise<CliOutcome> {
  const started = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", call.script ?? "src/cli/main.ts", ...call.args], {
    cwd: ROOT,
    env: { ...process.env, CI: "true", CB_API_KEY: "", CB_FREE_API_KEY: "", ...call.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let peak = 0;
  let timedOut = false;
  child.stdout.on("data", (c) => {
    stdout += c;
  });
  child.stderr.on("data", (c) => {
    stderr += c;
  });
  const sampler = setInterval(() => {
    if (child.pid) peak = Math.max(peak, highWaterMiB(child.pid));
  }, 50);
  const timers = [
    setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, call.limitMs ?? 120_000),
  ];
  if (call.signal) {
    const { name, afterMs, when } = call.signal;
    const send = () => {
      for (const t of timers.splice(1)) clearInterval(t);
      child.kill(name);
    };
    timers.push(when ? setInterval(() => when() && send(), 10) : setTimeout(send, afterMs ?? 0));
  }
  void call.during?.({ stderr: () => stderr });
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      clearInterval(sampler);
      for (const t of timers) clearInterval(t);
      const wallMs = Date.now() - started;
      // Output may still be in the pipes after exit: wait for them to close.
      child.on("close", () =>
        resolve({ code, signal, stdout, stderr, wallMs, peakMiB: Math.round(peak), timedOut }),
      );
    });
  });
}
