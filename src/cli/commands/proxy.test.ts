/**
 * End to end: `cbcheck proxy` as a process in front of the reference server — a clean session exits 0 after
 * --max-exchanges, one with a client-rule violation exits 1, Ctrl-C ends a session with its verdict; the four
 * reports are written and no output holds the key.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";

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
  child: ChildProcess;
  base: string;
  ended: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

async function startProxy(name: string, extra: string[]): Promise<Session> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/cli/main.ts", "proxy", "--target", server.url, "--listen", "127.0.0.1:0"].concat(
      ["--report-dir", join(dir, name)],
      extra,
    ),
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (c) => {
    stdout += c;
  });
  const ended = new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.on("exit", (code) => done({ code, stdout, stderr })),
  );
  const base = await new Promise<string>((resolve, reject) => {
    child.stderr?.on("data", (c) => {
      stderr += c;
      const match = /clients use (\S+)/.exec(stderr);
      if (match) resolve(match[1]);
    });
    child.on("exit", () => reject(new Error(`proxy ended early: ${stderr}`)));
  });
  return { child, base, ended };
}

async function get(url: string, key: string): Promise<number> {
  const res = await request(url, { headers: { authorization: `Bearer ${key}` } });
  await res.body.dump();
  return res.statusCode;
}

describe("cbcheck proxy (process)", () => {
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
    const written = ["report.json", "report.md", "report.html", "junit.xml"]
      .map((f) => readFileSync(join(dir, "bad", f), "utf8"))
      .join("\n");
    for (const text of [stdout, stderr, written]) expect(text).not.toContain(server.keys.revoked);
  }, 60_000);

  it("ends on SIGINT with the session's verdict (0 when clean)", async () => {
    const session = await startProxy("sigint", []);
    expect(await get(`${session.base}/me`, server.keys.plus)).toBe(200);
    // Judging runs just after the answer: give it a moment before the signal.
    await new Promise((r) => setTimeout(r, 200));
    session.child.kill("SIGINT");
    const { code } = await session.ended;
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, "sigint", "report.json"), "utf8")).summary.calls).toBe(1);
  }, 60_000);
});
