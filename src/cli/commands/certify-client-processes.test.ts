/**
 * `cbcheck certify-client` and the client's processes, with the real CLI and real signals: a client that could
 * not run is a setup error (exit 2, its stderr shown), and no process of the client outlives cbcheck — on a
 * normal end, on SIGTERM (143) and on SIGINT (130) — a `setsid` grandchild included.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT_CLI } from "../test-support/built-cli.js";
import { spawnCollecting } from "../test-support/spawn-collecting.js";

const dir = mkdtempSync(join(tmpdir(), "cbcheck-certify-processes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a client script into the test directory and returns its path. */
function script(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A client that starts a grandchild in its own session (node's `detached` is setsid), says both pids, then waits. */
const HANGING_CLIENT = `
const { spawn } = require("node:child_process");
const grandchild = spawn("sleep", ["1000"], { detached: true, stdio: "ignore" });
require("node:fs").writeFileSync(process.env.PID_FILE, process.pid + " " + grandchild.pid);
setInterval(() => {}, 1000);
`;

/** Same, but the client exits 0 at once (without doing the job): the grandchild must not survive the end. */
const EXITING_CLIENT = `
const { spawn } = require("node:child_process");
const grandchild = spawn("sleep", ["1000"], { detached: true, stdio: "ignore" });
grandchild.unref();
require("node:fs").writeFileSync(process.env.PID_FILE, process.pid + " " + grandchild.pid);
`;

/** Running, not gone and not a zombie waiting for a reaper (containers often lack one). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Starts `cbcheck certify-client … -- client` with PID_FILE in the environment the client inherits. */
function certify(client: string[], pidFile = join(dir, "unused")) {
  return spawnCollecting(
    process.execPath,
    [
      BUILT_CLI,
      "certify-client",
      "--scenario",
      "happy",
      "--timeout-s",
      "60",
      "--report-dir",
      join(dir, "reports"),
      "--",
      ...client,
    ],
    { env: { ...process.env, PID_FILE: pidFile } },
  );
}

/** The two pids the client wrote, once it has. */
async function pidsFrom(file: string): Promise<number[]> {
  for (let i = 0; i < 1200; i++) {
    const text = existsSync(file) ? readFileSync(file, "utf8") : "";
    if (/^\d+ \d+$/.test(text)) return text.split(" ").map(Number);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the client never wrote ${file}`);
}

describe("certify-client: a client that cannot run is a setup error", () => {
  const cases: Array<[string, string[], RegExp]> = [
    [
      "a bad command",
      ["sh", "-c", "no-such-client-command-xyz --job"],
      /no-such-client-command-xyz.*not found/,
    ],
    [
      "a syntax error",
      [process.execPath, script("syntax-error.js", "const job = ;\n")],
      /SyntaxError: Unexpected token/,
    ],
    [
      "a missing module",
      [process.execPath, script("missing-module.mjs", 'import "no-such-package-xyz";\n')],
      /Cannot find package 'no-such-package-xyz'/,
    ],
  ];

  it.each(cases)(
    "%s: exit 2, the client's stderr on the terminal, no verdict",
    async (_name, client, stderr) => {
      const run = certify(client);
      expect(await run.exited, run.errors()).toBe(2);
      expect(run.errors()).toMatch(stderr);
      expect(run.errors()).toMatch(/before its first call in scenario happy.*\[CB_CLIENT_DID_NOT_START\]\n$/);
      expect(run.output()).not.toContain("CERTIFIED");
    },
  );
});

describe("certify-client: the client's processes end with cbcheck", () => {
  it("after a normal end, no process of the client is left (a setsid grandchild included)", async () => {
    const pidFile = join(dir, "normal.pids");
    const run = certify([process.execPath, script("exiting.js", EXITING_CLIENT)], pidFile);
    expect(await run.exited, run.errors()).toBe(1);
    for (const pid of await pidsFrom(pidFile)) expect(isRunning(pid)).toBe(false);
  });

  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)("on %s: exit %i, the client and its setsid grandchild ended", async (signal, code) => {
    const pidFile = join(dir, `${signal}.pids`);
    const run = certify([process.execPath, script("hanging.js", HANGING_CLIENT)], pidFile);
    const pids = await pidsFrom(pidFile);
    for (const pid of pids) expect(isRunning(pid)).toBe(true);
    run.child.kill(signal);
    expect(await run.exited, run.errors()).toBe(code);
    expect(run.errors()).toContain(`${signal} received: stopping`);
    for (const pid of pids) expect(isRunning(pid)).toBe(false);
  });
});
