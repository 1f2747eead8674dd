import { readFileSync } from "node:fs";
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
});
