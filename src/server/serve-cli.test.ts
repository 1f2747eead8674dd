/**
 * `cbcheck serve` end to end: a child process prints its URLs and keys, serves, stops on SIGTERM;
 * a port in use is one line and exit 2.
 */
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { spawnCollecting } from "../cli/test-support/spawn-collecting.js";

const MAIN = fileURLToPath(new URL("../cli/main.ts", import.meta.url));

function run(args: string[]) {
  return spawnCollecting(process.execPath, ["--import", "tsx", MAIN, "serve", ...args]);
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting for the server");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("cbcheck serve", () => {
  it("prints base URLs and keys, serves, and stops on SIGTERM", async () => {
    const p = run(["--port", "0", "--orgs", "500", "--rate-limit", "50"]);
    await waitFor(() => p.output().includes("press Ctrl-C"), 20_000);
    const url = /base URL:\s+(\S+)/.exec(p.output())?.[1];
    const alt = /alt base URL:\s+(\S+)/.exec(p.output())?.[1];
    const plus = /plus\s+(cbk_plus_[0-9a-f]{16})/.exec(p.output())?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(alt).toBe(url?.replace(/\/v1$/, "/api/v1"));
    const me = await fetch(`${url}/me`, { headers: { authorization: `Bearer ${plus}` } });
    expect(me.status).toBe(200);
    expect(
      ((await me.json()) as { credential: { limits: { calls_per_window: number } } }).credential.limits
        .calls_per_window,
    ).toBe(50);
    p.child.kill("SIGTERM");
    // 143: stopped by SIGTERM, as every long command reports a signal.
    expect(await p.exited).toBe(143);
  });

  it("reports a port in use in one line with exit 2, and bad flags the same way", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const busy = run(["--port", String(port)]);
      expect(await busy.exited).toBe(2);
      expect(busy.errors().trim()).toBe(
        `cbcheck: port ${port} on 127.0.0.1 is already in use [CB_PORT_IN_USE]`,
      );
      const bad = run(["--orgs", "0"]);
      expect(await bad.exited).toBe(2);
      expect(bad.errors().trim().split("\n")).toHaveLength(1);
    } finally {
      blocker.close();
    }
  });
});
