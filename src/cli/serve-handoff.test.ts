/**
 * `cbcheck serve --json / --keys-file / --fixtures-out / --seed` through the real entry point: one JSON line
 * once listening, a sourceable keys file (mode 0600), a fixtures file `run` accepts, keys fixed by the seed.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isValidAs } from "../contract/registry.js";
import { KEY_ENV_NAMES, keysFileText } from "./serve-handoff.js";
import { type CollectingChild, spawnCollecting } from "./test-support/spawn-collecting.js";

const MAIN = join(import.meta.dirname, "main.ts");
const dir = mkdtempSync(join(tmpdir(), "cbcheck-serve-handoff-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

interface Handoff {
  baseUrl: string;
  altBaseUrl: string;
  keys: Record<string, string>;
  fixtures: string;
  pid: number;
}

function serve(args: string[]): CollectingChild {
  const p = spawnCollecting(process.execPath, ["--import", "tsx", MAIN, "serve", "--orgs", "300", ...args]);
  children.push(p.child);
  return p;
}

/** Waits (bounded) for the first complete line of stdout and parses it. */
async function firstLine(p: CollectingChild): Promise<Handoff> {
  const end = Date.now() + 20_000;
  while (!p.output().includes("\n")) {
    if (Date.now() > end || p.child.exitCode !== null) throw new Error(`no JSON line; stderr: ${p.errors()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return JSON.parse(p.output());
}

describe("cbcheck serve for scripts", () => {
  it("--json prints one line with URLs, keys, fixtures and pid; --keys-file writes sourceable keys, mode 0600", async () => {
    const keysFile = join(dir, "keys.env");
    const fixturesFile = join(dir, "fixtures.json");
    const p = serve(["--seed", "7", "--json", "--keys-file", keysFile, "--fixtures-out", fixturesFile]);
    const line = await firstLine(p);
    expect(Object.keys(line).sort()).toEqual(["altBaseUrl", "baseUrl", "fixtures", "keys", "pid"]);
    expect(line.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(line.altBaseUrl).toBe(line.baseUrl.replace(/\/v1$/, "/api/v1"));
    expect(Object.keys(line.keys)).toEqual(["plus", "team", "free", "revoked", "noCredits"]);
    expect(line.pid).toBe(p.child.pid);
    expect(line.fixtures).toBe(fixturesFile);
    expect(isValidAs("fixtures", JSON.parse(readFileSync(fixturesFile, "utf8")))).toBe(true);

    const text = readFileSync(keysFile, "utf8");
    expect(statSync(keysFile).mode & 0o777).toBe(0o600);
    const env = Object.fromEntries(
      text
        .trim()
        .split("\n")
        .map((l) => l.split("=") as [string, string]),
    );
    expect(env).toEqual({
      CB_API_KEY: line.keys.plus,
      CB_FREE_API_KEY: line.keys.free,
      CB_TEAM_API_KEY: line.keys.team,
      CB_REVOKED_API_KEY: line.keys.revoked,
      CB_NO_CREDITS_API_KEY: line.keys.noCredits,
    });
    const me = await fetch(`${line.baseUrl}/me`, { headers: { authorization: `Bearer ${env.CB_API_KEY}` } });
    expect(me.status).toBe(200);
    const free = await fetch(`${line.baseUrl}/entities/batch`, {
      method: "POST",
      headers: { authorization: `Bearer ${env.CB_FREE_API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ ids: ["cb:org:000000001"] }),
    });
    expect(free.status).toBe(403);
    p.child.kill("SIGTERM");
    expect(await p.exited).toBe(143);
    expect(p.output().trim().split("\n")).toHaveLength(1);
  });

  it("gives the same keys for the same --seed, and fresh ones without --seed", async () => {
    const [a, b, c, d] = [["--seed", "7"], ["--seed", "7"], [], []].map((args) => serve([...args, "--json"]));
    const [la, lb, lc, ld] = await Promise.all([a, b, c, d].map(firstLine));
    expect(la.keys).toEqual(lb.keys);
    expect(lc.keys.plus).not.toBe(ld.keys.plus);
    expect(lc.keys.plus).not.toBe(la.keys.plus);
    for (const p of [a, b, c, d]) p.child.kill("SIGTERM");
    expect(await Promise.all([a, b, c, d].map((p) => p.exited))).toEqual([143, 143, 143, 143]);
  });

  it("--json without --fixtures-out writes a temporary fixtures file and removes it on exit", async () => {
    const p = serve(["--json"]);
    const line = await firstLine(p);
    expect(existsSync(line.fixtures)).toBe(true);
    p.child.kill("SIGINT");
    expect(await p.exited).toBe(130);
    expect(existsSync(line.fixtures)).toBe(false);
  });

  it("an unwritable --keys-file is one line on stderr and exit 2 (the server does not stay up)", async () => {
    const p = serve(["--json", "--keys-file", join(dir, "no-such-dir", "keys.env")]);
    expect(await p.exited).toBe(2);
    expect(p.output()).toBe("");
    expect(p.errors()).toMatch(/^cbcheck: cannot write .*keys\.env \(ENOENT\) \[CB_OUTPUT_UNWRITABLE\]\n$/);
  });

  it("names every key in the keys file with the variables run reads first", () => {
    const keys = { plus: "p", team: "t", free: "f", revoked: "r", noCredits: "n" };
    expect(keysFileText(keys)).toBe(
      "CB_API_KEY=p\nCB_FREE_API_KEY=f\nCB_TEAM_API_KEY=t\nCB_REVOKED_API_KEY=r\nCB_NO_CREDITS_API_KEY=n\n",
    );
    expect(Object.keys(KEY_ENV_NAMES).sort()).toEqual(Object.keys(keys).sort());
  });
});
