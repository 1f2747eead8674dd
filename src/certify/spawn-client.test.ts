import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { spawnClient } from "./spawn-client.js";

/** Running, not gone and not a zombie waiting for a reaper (containers often lack one). */
const isRunning = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
};

describe("spawnClient", () => {
  it("passes the environment and captures stdout, stderr and the exit code", async () => {
    const outcome = await spawnClient({
      command: "sh",
      args: ["-c", 'echo "$CB_EXTEND"; echo oops >&2; exit 3'],
      env: { CB_EXTEND: "[]" },
      timeoutMs: 10_000,
    });
    expect([outcome.stdout, outcome.stderr, outcome.exitCode, outcome.timedOut]).toEqual([
      "[]\n",
      "oops\n",
      3,
      false,
    ]);
  });

  it("kills the whole process tree at the timeout", async () => {
    const start = Date.now();
    const outcome = await spawnClient({
      command: "sh",
      args: ["-c", "sleep 30 & echo $!; wait"],
      env: {},
      timeoutMs: 300,
    });
    expect(outcome.timedOut).toBe(true);
    // Resolving only when the grandchild let go of the pipes would take its full 30 s.
    expect(Date.now() - start).toBeLessThan(5_000);
    const grandchild = Number(outcome.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    // SIGKILL is delivered asynchronously; give the kernel a moment.
    await new Promise((r) => setTimeout(r, 100));
    expect(isRunning(grandchild)).toBe(false);
  });

  it("ends a setsid grandchild that left the group when the client exits normally", async () => {
    // The intermediate shell exits at once: only the run's marker variable can find the orphan.
    const outcome = await spawnClient({
      command: "sh",
      args: ["-c", 'setsid sh -c "sleep 1000 & echo \\$!"; exit 0'],
      env: { PATH: process.env.PATH },
      timeoutMs: 20_000,
    });
    expect([outcome.exitCode, outcome.timedOut]).toEqual([0, false]);
    const grandchild = Number(outcome.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    expect(isRunning(grandchild)).toBe(false);
  });

  it("ends a detached grandchild with an empty environment, found through its parent while the client ran", async () => {
    const script = `
      const { spawn } = require("node:child_process");
      const child = spawn("sleep", ["1000"], { detached: true, stdio: "ignore", env: {} });
      child.unref();
      console.log(child.pid);
      setTimeout(() => process.exit(0), 1500);`;
    const outcome = await spawnClient({
      command: process.execPath,
      args: ["-e", script],
      env: { PATH: process.env.PATH },
      timeoutMs: 20_000,
    });
    expect(outcome.exitCode).toBe(0);
    const grandchild = Number(outcome.stdout.trim());
    expect(grandchild).toBeGreaterThan(0);
    expect(isRunning(grandchild)).toBe(false);
  });

  it("ends the client and its setsid grandchild at once when aborted", async () => {
    const controller = new AbortController();
    const pidFile = join(mkdtempSync(join(tmpdir(), "cbcheck-spawn-")), "pids");
    const script = `
      const { spawn } = require("node:child_process");
      const child = spawn("sleep", ["1000"], { detached: true, stdio: "ignore" });
      require("node:fs").writeFileSync(process.env.PID_FILE, process.pid + " " + child.pid);
      setInterval(() => {}, 1000);`;
    const started = spawnClient({
      command: process.execPath,
      args: ["-e", script],
      env: { PATH: process.env.PATH, PID_FILE: pidFile },
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    const pids = await readPids(pidFile);
    controller.abort();
    const outcome = await started;
    expect(outcome.aborted).toBe(true);
    expect(outcome.timedOut).toBe(false);
    for (const pid of pids) expect(isRunning(pid)).toBe(false);
  });

  it.each([
    ["process.exit", "exit"],
    ["an uncaught error", "throw"],
  ])("ends the client's tree when cbcheck itself ends by %s while the client runs", async (_how, ending) => {
    const pidFile = join(mkdtempSync(join(tmpdir(), "cbcheck-spawn-exit-")), "pids");
    const ended = spawnSync(
      process.execPath,
      ["--import", "tsx", "src/certify/test-support/exiting-harness.ts", ending],
      { encoding: "utf8", timeout: 50_000, env: { ...process.env, PID_FILE: pidFile } },
    );
    expect(ended.status, ended.stderr).not.toBe(0);
    // Nothing waits for the SIGKILLs sent from the exit handler: on a busy machine death takes a moment.
    const pids = await readPids(pidFile);
    for (const pid of pids) expect(await endsWithin(pid, 10_000)).toBe(true);
  });
});

/** True once `pid` is no longer running, polled until `ms` passed. */
async function endsWithin(pid: number, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; ) {
    if (!isRunning(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isRunning(pid);
}

/** The pids a client wrote to `file`, once it has written them. */
async function readPids(file: string): Promise<number[]> {
  for (let i = 0; i < 400; i++) {
    const text = existsSync(file) ? readFileSync(file, "utf8") : "";
    if (/^\d+ \d+$/.test(text)) return text.split(" ").map(Number);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the client did not write ${file}`);
}
