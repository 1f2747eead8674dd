/**
 * End to end: `cbcheck proxy` (in-process, through main(argv, io)) in front of the reference server — a clean session exits 0 after
 * --max-exchanges, one with a client-rule violation exits 1, Ctrl-C ends a session with its verdict; the four
 * reports are written and no output holds the key.
 */
import { EventEmitter } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";
import { type MainOutcome, runMain } from "../test-support/run-main.js";

let server: RunningServer;
let dir: string;
beforeAll(async () => {
  server = await startServer();
  dir = mkdtempSync(join(tmpdir(), "cbcheck-proxy-"));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Session {
  signals: EventEmitter;
  base: string;
  ended: Promise<MainOutcome>;
}

/** `cbcheck proxy` in-process, once it listens; `signals` stands for the process's. */
async function startProxy(name: string, extra: string[]): Promise<Session> {
  const signals = new EventEmitter();
  let stderr = "";
  let listening: (base: string) => void = () => {};
  const base = new Promise<string>((resolve) => {
    listening = resolve;
  });
  const ended = runMain(
    ["proxy", "--target", server.url, "--listen", "127.0.0.1:0", "--report-dir", join(dir, name), ...extra],
    {
      signals,
      onStderr: (text) => {
        stderr += text;
        const match = /clients use (\S+)/.exec(stderr);
        if (match) listening(match[1]);
      },
    },
  );
  const early = ended.then((o) => Promise.reject(new Error(`proxy ended early: ${o.stderr}`)));
  return { signals, base: await Promise.race([base, early]), ended };
}

async function get(url: string, key: string): Promise<number> {
  const res = await request(url, { headers: { authorization: `Bearer ${key}` } });
  await res.body.dump();
  return res.statusCode;
}

describe("cbcheck proxy (CLI)", () => {
  it("exits 0 after --max-exchanges of a clean client, with the four reports", async () => {
    const session = await startProxy("clean", ["--max-exchanges", "2"]);
    expect(await get(`${session.base}/me`, server.keys.plus)).toBe(200);
    expect(await get(`${session.base}/capabilities`, server.keys.plus)).toBe(200);
    const { code, stdout } = await session.ended;
    expect(code).toBe(0);
    expect(stdout).toContain("2 exchange(s)");
    for (const file of ["report.json", "report.md", "report.html", "junit.xml"])
      expect(existsSync(join(dir, "clean", file)), file).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, "clean", "report.json"), "utf8")).command).toBe("proxy");
  }, 60_000);

  it("exits 1 on a violation, printing it live by key hash, never the key", async () => {
    const session = await startProxy("bad", ["--max-exchanges", "2"]);
    await get(`${session.base}/me`, server.keys.revoked);
    await get(`${session.base}/me`, server.keys.revoked);
    const { code, stdout, stderr } = await session.ended;
    expect(code).toBe(1);
    expect(stderr).toMatch(/client FAIL client\.stop_on_fatal key k:[0-9a-f]{8} exchange 2/);
    // The end-of-session text groups the violations by rule (failure-summary.ts), as every command does.
    expect(stdout).toMatch(/^FAIL client\.stop_on_fatal: 1 exchange, 1 check/m);
    const written = ["report.json", "report.md", "report.html", "junit.xml"]
      .map((f) => readFileSync(join(dir, "bad", f), "utf8"))
      .join("\n");
    for (const text of [stdout, stderr, written]) expect(text).not.toContain(server.keys.revoked);
  }, 60_000);

  it("--quiet: no live violation lines, only the address on stderr; the summary still groups them", async () => {
    const session = await startProxy("quiet", ["--max-exchanges", "2", "--quiet"]);
    await get(`${session.base}/me`, server.keys.revoked);
    await get(`${session.base}/me`, server.keys.revoked);
    const { code, stdout, stderr } = await session.ended;
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^cbcheck proxy: listening; clients use /),
    ]);
    expect(stdout).toMatch(/^FAIL client\.stop_on_fatal: 1 exchange, 1 check/m);
  }, 60_000);

  it("ends on SIGINT with the session's verdict (0 when clean)", async () => {
    const session = await startProxy("sigint", []);
    expect(await get(`${session.base}/me`, server.keys.plus)).toBe(200);
    // Judging runs just after the answer: give it a moment before the signal.
    await new Promise((r) => setTimeout(r, 200));
    session.signals.emit("SIGINT");
    const { code } = await session.ended;
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "sigint", "report.json"), "utf8")).summary.calls).toBe(1);
  }, 60_000);
});
