/**
 * `cbcheck serve` end to end, through the CLI's entry main(argv, io) in-process: it prints its URLs and keys,
 * serves, stops on SIGTERM (emitted on its io); a port in use is one line and exit 2.
 */
import { EventEmitter } from "node:events";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { runMain } from "../cli/test-support/run-main.js";

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting for the server");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("cbcheck serve", () => {
  it("prints base URLs and keys, serves, and stops on SIGTERM", async () => {
    const signals = new EventEmitter();
    let out = "";
    const ended = runMain(["serve", "--port", "0", "--orgs", "500", "--rate-limit", "50"], {
      signals,
      onStdout: (text) => {
        out += text;
      },
    });
    await waitFor(() => out.includes("press Ctrl-C"), 20_000);
    const url = /base URL:\s+(\S+)/.exec(out)?.[1];
    const alt = /alt base URL:\s+(\S+)/.exec(out)?.[1];
    const plus = /plus\s+(cbk_plus_[0-9a-f]{16})/.exec(out)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(alt).toBe(url?.replace(/\/v1$/, "/api/v1"));
    const me = await fetch(`${url}/me`, { headers: { authorization: `Bearer ${plus}` } });
    expect(me.status).toBe(200);
    expect(
      ((await me.json()) as { credential: { limits: { calls_per_window: number } } }).credential.limits
        .calls_per_window,
    ).toBe(50);
    signals.emit("SIGTERM");
    // 143: stopped by SIGTERM, as every long command reports a signal.
    expect((await ended).code).toBe(143);
  });

  it("reports a port in use in one line with exit 2, and bad flags the same way", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const busy = await runMain(["serve", "--port", String(port)]);
      expect(busy.code).toBe(2);
      expect(busy.stderr.trim()).toBe(
        `cbcheck: port ${port} on 127.0.0.1 is already in use [CB_PORT_IN_USE]`,
      );
      const bad = await runMain(["serve", "--orgs", "0"]);
      expect(bad.code).toBe(2);
      expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    } finally {
      blocker.close();
    }
  });
});
