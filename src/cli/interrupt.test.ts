/**
 * Interrupted runs: every long command stops sending within 2 s, ends its children, writes the four reports
 * marked `interrupted` with what it judged so far, and exits 130 (SIGINT) or 143 (SIGTERM). Most cases run
 * the command in-process through main(argv, io), the signal emitted on its io; a real signal to a real
 * process (the built CLI) proves the process's own wiring, and the end of load's embedded server process.
 * Time bounds are generous: the machine may be loaded (it runs with the unit files, in parallel).
 */
import { execFileSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Report } from "../report/model.js";
import { spawnBuiltCli, waitForOutput } from "./test-support/built-cli.js";
import { startCountingServer } from "./test-support/counting-server.js";
import { type MainCall, type MainOutcome, runMain } from "./test-support/run-main.js";

/** A command started in-process, its io's signals, and what it has printed so far. */
interface Started {
  signals: EventEmitter;
  ended: Promise<MainOutcome>;
  stdout(): string;
  stderr(): string;
}

function start(args: string[], call: MainCall = {}): Started {
  const signals = new EventEmitter();
  let out = "";
  let err = "";
  const ended = runMain(args, {
    ...call,
    signals,
    onStdout: (t) => {
      out += t;
    },
    onStderr: (t) => {
      err += t;
    },
  });
  return { signals, ended, stdout: () => out, stderr: () => err };
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "cbcheck-interrupt-"));
  dirs.push(dir);
  return dir;
}

/** Generous bound from the signal to the exit (reports included) on a loaded 2-core machine. */
const EXIT_BOUND_MS = 15_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Direct children of `pid` (the embedded server process of load). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function readReports(dir: string) {
  expect(readdirSync(dir).sort()).toEqual(["junit.xml", "report.html", "report.json", "report.md"]);
  return {
    json: JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as Report,
    md: readFileSync(join(dir, "report.md"), "utf8"),
    junit: readFileSync(join(dir, "junit.xml"), "utf8"),
  };
}

function expectInterrupted(dir: string, signal: string) {
  const { json, md, junit } = readReports(dir);
  expect(json.verdict).toBe("interrupted");
  expect(json.reason).toContain(`interrupted by ${signal}`);
  expect(md).toContain("INTERRUPTED");
  expect(junit).toMatch(/<error message="interrupted by [^"]*" type="cbcheck.interrupted">/);
  return json;
}

describe("interrupted runs", () => {
  it("run: SIGINT stops sending within 2 s, reports what was judged, exits 130", async () => {
    const server = await startCountingServer({ kind: "slow-json", delayMs: 50 });
    try {
      const cwd = tempDir();
      const fixtures = join(process.cwd(), "fixtures/targets/example.json");
      const run = start(
        ["run", "--base-url", server.baseUrl, "--fixtures", fixtures, "--runs", "500", "--report-dir", "r"],
        { cwd, env: { CB_API_KEY: "cbk_run_5e81c0d47a2b9f36e1" } },
      );
      await waitForOutput(run.stderr, /suite schema/);
      // Let it judge a few exchanges first.
      await waitForOutput(() => String(server.arrivals.length), /^(\d{2,})$/);
      const signalledAt = Date.now();
      run.signals.emit("SIGINT");
      const { code, exits } = await run.ended;
      expect(code, run.stderr()).toBe(130);
      expect(exits).toEqual([]);
      expect(Date.now() - signalledAt).toBeLessThan(EXIT_BOUND_MS);
      expect(server.arrivals.filter((t) => t > signalledAt + 2000)).toEqual([]);
      const json = expectInterrupted(join(cwd, "r"), "SIGINT");
      expect(json.results.length).toBeGreaterThan(0);
      expect(json.summary.calls).toBeGreaterThan(0);
      expect(run.stderr()).toContain("SIGINT received");
      expect(run.stdout()).toMatch(/^INTERRUPTED: /m);
    } finally {
      await server.close();
    }
  });

  it("run against the embedded server: SIGTERM exits 143 with reports", async () => {
    const cwd = tempDir();
    const child = spawnBuiltCli(["run", "--report-dir", "r", "--runs", "200"], { cwd });
    await waitForOutput(child.errors, /suite schema/);
    const signalledAt = Date.now();
    child.child.kill("SIGTERM");
    expect(await child.exited).toBe(143);
    expect(Date.now() - signalledAt).toBeLessThan(EXIT_BOUND_MS);
    expectInterrupted(join(cwd, "r"), "SIGTERM");
  });

  it("load: SIGTERM ends the profile and the embedded server process, reports, exits 143", async () => {
    const cwd = tempDir();
    const child = spawnBuiltCli(["load", "--profile", "latency", "--duration", "60", "--report-dir", "r"], {
      cwd,
    });
    // The warm-up starts once the embedded server (a child process) listens.
    await waitForOutput(child.errors, /warming up/);
    const children = childrenOf(child.child.pid!);
    expect(children.length).toBeGreaterThan(0);
    const signalledAt = Date.now();
    child.child.kill("SIGTERM");
    expect(await child.exited, child.errors()).toBe(143);
    expect(Date.now() - signalledAt).toBeLessThan(EXIT_BOUND_MS);
    const json = expectInterrupted(join(cwd, "r"), "SIGTERM");
    expect(json.summary.calls).toBeGreaterThan(0);
    for (const pid of children) expect(isAlive(pid), `child ${pid}`).toBe(false);
  });

  it("load against a target: SIGINT stops sending within 2 s, exits 130", async () => {
    const server = await startCountingServer({ kind: "slow-json", delayMs: 5 });
    try {
      const cwd = tempDir();
      const load = start(
        [
          "load",
          "--base-url",
          server.baseUrl,
          "--profile",
          "latency",
          "--duration",
          "60",
          // Declared high, so that the profile sends its own 50 requests/s instead of pacing under the
          // contract's 120 per minute (2 per second: a minute to get going).
          "--expect-rate-limit",
          "6000/60",
          "--report-dir",
          "r",
        ],
        { cwd, env: { CB_API_KEY: "cbk_load_7f3a9c2e41d08b65c3" } },
      );
      await waitForOutput(() => String(server.arrivals.length), /^\d{2,}$/);
      const signalledAt = Date.now();
      load.signals.emit("SIGINT");
      expect((await load.ended).code, load.stderr()).toBe(130);
      expect(Date.now() - signalledAt).toBeLessThan(EXIT_BOUND_MS);
      expect(server.arrivals.filter((t) => t > signalledAt + 2000)).toEqual([]);
      expectInterrupted(join(cwd, "r"), "SIGINT");
    } finally {
      await server.close();
    }
  });

  it("certify-client: SIGINT ends the client, grades nothing half-run, exits 130", async () => {
    const cwd = tempDir();
    const pidFile = join(cwd, "client.pid");
    const client = join(cwd, "client.mjs");
    writeFileSync(
      client,
      'import { writeFileSync } from "node:fs";\n' +
        "writeFileSync(process.env.PID_FILE, String(process.pid));\n" +
        "setInterval(() => {}, 1000);\n",
    );
    const certify = start(
      [
        "certify-client",
        "--scenario",
        "happy",
        "--timeout-s",
        "120",
        "--report-dir",
        "r",
        "--",
        "node",
        client,
      ],
      { cwd, env: { PID_FILE: pidFile } },
    );
    await waitForOutput(() => {
      try {
        return readFileSync(pidFile, "utf8");
      } catch {
        return "";
      }
    }, /^\d+$/);
    const clientPid = Number(readFileSync(pidFile, "utf8"));
    const signalledAt = Date.now();
    certify.signals.emit("SIGINT");
    expect((await certify.ended).code, certify.stderr()).toBe(130);
    expect(Date.now() - signalledAt).toBeLessThan(EXIT_BOUND_MS);
    expect(isAlive(clientPid)).toBe(false);
    const json = expectInterrupted(join(cwd, "r"), "SIGINT");
    expect(json.results).toEqual([]);
    expect(certify.stdout()).toContain("NOT CERTIFIED (INTERRUPTED");
  });

  it("serve: SIGINT closes the server (an open keep-alive connection too) and exits 130", async () => {
    const serve = start(["serve", "--json"], { cwd: tempDir() });
    await waitForOutput(serve.stdout, /"baseUrl"/);
    const line = JSON.parse(serve.stdout().split("\n")[0]) as { baseUrl: string; keys: { plus: string } };
    const me = await fetch(`${line.baseUrl}/me`, { headers: { authorization: `Bearer ${line.keys.plus}` } });
    expect(me.status).toBe(200);
    const signalledAt = Date.now();
    serve.signals.emit("SIGINT");
    expect((await serve.ended).code).toBe(130);
    expect(Date.now() - signalledAt).toBeLessThan(EXIT_BOUND_MS);
  });

  it("a second signal quits at once with the first one's code, without waiting for the reports", async () => {
    const server = await startCountingServer({ kind: "slow-json", delayMs: 50 });
    try {
      const fixtures = join(process.cwd(), "fixtures/targets/example.json");
      const run = start(
        ["run", "--base-url", server.baseUrl, "--fixtures", fixtures, "--runs", "500", "--report-dir", "r"],
        { cwd: tempDir(), env: { CB_API_KEY: "cbk_run_5e81c0d47a2b9f36e1" } },
      );
      await waitForOutput(run.stderr, /suite schema/);
      run.signals.emit("SIGTERM");
      run.signals.emit("SIGINT");
      const { code, exits } = await run.ended;
      expect(exits).toEqual([143]);
      expect(code).toBe(143);
    } finally {
      await server.close();
    }
  });
});
