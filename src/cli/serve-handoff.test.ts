/**
 * `cbcheck serve --json / --keys-file / --fixtures-out / --seed`, in-process through main(argv, io) (signals
 * on an emitter) and once as the built CLI with a real signal: one JSON line once listening, a sourceable keys
 * file (mode 0600), a fixtures file `run` accepts, keys fixed by the seed, temporary files removed on exit.
 */
import { execFileSync } from "node:child_process";
import { EventEmitter } from "node:events";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isValidAs } from "../contract/registry.js";
import { HarnessError } from "../errors.js";
import type { RunningServer } from "../server/types.js";
import { KEY_ENV_NAMES, keysFileText, writeHandoff } from "./serve-handoff.js";
import { spawnBuiltCli } from "./test-support/built-cli.js";
import { type MainOutcome, runMain } from "./test-support/run-main.js";

const dir = mkdtempSync(join(tmpdir(), "cbcheck-serve-handoff-"));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

interface Handoff {
  baseUrl: string;
  altBaseUrl: string;
  keys: Record<string, string>;
  fixtures: string;
  pid: number;
}

/** `cbcheck serve` in-process: its first stdout line, its signals, and its outcome once stopped. */
interface Serving {
  line: Promise<Handoff>;
  signals: EventEmitter;
  done: Promise<MainOutcome>;
}

function serve(args: string[], onLine?: (signals: EventEmitter) => void): Serving {
  const signals = new EventEmitter();
  let text = "";
  let sawLine: (line: Handoff) => void = () => {};
  let noLine: (error: Error) => void = () => {};
  const line = new Promise<Handoff>((resolve, reject) => {
    sawLine = resolve;
    noLine = reject;
  });
  // Awaited by the tests that expect a line; the others must not see it as unhandled.
  line.catch(() => undefined);
  const done = runMain(["serve", "--orgs", "300", ...args], {
    signals,
    onStdout: (chunk) => {
      text += chunk;
      if (!text.includes("\n")) return;
      onLine?.(signals);
      sawLine(JSON.parse(text));
    },
  });
  // A serve that ends before printing (a bad flag) must not leave the line pending for ever.
  void done.then((outcome) => noLine(new Error(`serve ended without a line: ${outcome.stderr}`)));
  return { line, signals, done };
}

describe("cbcheck serve for scripts", () => {
  it("--json prints one line with URLs, keys, fixtures and pid; --keys-file writes sourceable keys, mode 0600", async () => {
    const keysFile = join(dir, "keys.env");
    const fixturesFile = join(dir, "fixtures.json");
    const p = serve(["--seed", "7", "--json", "--keys-file", keysFile, "--fixtures-out", fixturesFile]);
    const line = await p.line;
    expect(Object.keys(line).sort()).toEqual(["altBaseUrl", "baseUrl", "fixtures", "keys", "pid"]);
    expect(line.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(line.altBaseUrl).toBe(line.baseUrl.replace(/\/v1$/, "/api/v1"));
    expect(Object.keys(line.keys)).toEqual(["plus", "team", "free", "revoked", "noCredits"]);
    expect(line.pid).toBe(process.pid);
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
    p.signals.emit("SIGTERM");
    const outcome = await p.done;
    expect(outcome.code).toBe(143);
    expect(outcome.stdout.trim().split("\n")).toHaveLength(1);
  });

  it("gives the same keys for the same --seed, and fresh ones without --seed", async () => {
    const [a, b, c, d] = [["--seed", "7"], ["--seed", "7"], [], []].map((args) => serve([...args, "--json"]));
    const [la, lb, lc, ld] = await Promise.all([a, b, c, d].map((p) => p.line));
    expect(la.keys).toEqual(lb.keys);
    expect(lc.keys.plus).not.toBe(ld.keys.plus);
    expect(lc.keys.plus).not.toBe(la.keys.plus);
    for (const p of [a, b, c, d]) p.signals.emit("SIGTERM");
    const outcomes = await Promise.all([a, b, c, d].map((p) => p.done));
    expect(outcomes.map((o) => o.code)).toEqual([143, 143, 143, 143]);
  });

  it("--json without --fixtures-out writes a temporary fixtures file and removes it on exit", async () => {
    const p = serve(["--json"]);
    const line = await p.line;
    expect(existsSync(line.fixtures)).toBe(true);
    p.signals.emit("SIGINT");
    expect((await p.done).code).toBe(130);
    expect(existsSync(line.fixtures)).toBe(false);
  });

  it("watches SIGTERM before it prints the line: a script that stops it on reading the line still gets the temporary files removed", async () => {
    // The signal goes out while the line is being written, before serve could do anything after printing it.
    const p = serve(["--json"], (signals) => {
      expect(signals.listenerCount("SIGTERM"), "no SIGTERM handler when the line was printed").toBe(1);
      signals.emit("SIGTERM");
    });
    const line = await p.line;
    expect((await p.done).code).toBe(143);
    expect(existsSync(line.fixtures)).toBe(false);
  });

  it("the built CLI, sent SIGTERM the moment its line is read: exit 143, temporary files removed", async () => {
    const cwd = mkdtempSync(join(dir, "built-"));
    const child = spawnBuiltCli(["serve", "--json", "--orgs", "300"], { cwd });
    let sent = false;
    child.child.stdout?.on("data", () => {
      if (sent || !child.output().includes("\n")) return;
      sent = true;
      child.child.kill("SIGTERM");
    });
    expect(await child.exited, child.errors()).toBe(143);
    const line = JSON.parse(child.output()) as Handoff;
    expect(existsSync(line.fixtures)).toBe(false);
  });

  it("an unwritable --keys-file is one line on stderr and exit 2 (the server does not stay up)", async () => {
    const { done } = serve(["--json", "--keys-file", join(dir, "no-such-dir", "keys.env")]);
    const outcome = await done;
    expect(outcome.code).toBe(2);
    expect(outcome.stdout).toBe("");
    expect(outcome.stderr).toMatch(
      /^cbcheck: cannot write .*keys\.env \(ENOENT\) \[CB_OUTPUT_UNWRITABLE\]\n$/,
    );
  });

  it("writes a keys file only to a regular file or a new path: a FIFO, a directory or a link to a device is refused, never replaced", async () => {
    const server = { keys: { plus: "p", team: "t", free: "f", revoked: "r", noCredits: "n" }, fixtures: {} };
    const fifo = join(dir, "keys.fifo");
    execFileSync("mkfifo", [fifo]);
    const toNull = join(dir, "keys-to-null");
    symlinkSync("/dev/null", toNull);
    const folder = join(dir, "keys-dir");
    mkdirSync(folder);
    for (const [path, what] of [
      [fifo, "a FIFO"],
      [toNull, "a link to a device or other special file"],
      [folder, "a directory"],
    ]) {
      const error = await writeHandoff(server as unknown as RunningServer, { keysFile: path }).catch(
        (e) => e,
      );
      expect(error).toBeInstanceOf(HarnessError);
      expect(error.code).toBe("CB_OUTPUT_UNWRITABLE");
      expect(error.message).toBe(
        `--keys-file ${path} is ${what}, not a regular file: nothing written (give a new path or a regular file)`,
      );
    }
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readlinkSync(toNull)).toBe("/dev/null");
    expect(readdirSync(dir).filter((f) => f.includes(".partial"))).toEqual([]);
    // A link to a regular file is written through: the link stays, the file it names gets the keys.
    const real = join(dir, "real-keys.env");
    writeFileSync(real, "old");
    const link = join(dir, "keys-link.env");
    symlinkSync(real, link);
    await writeHandoff(server as unknown as RunningServer, {
      keysFile: link,
      fixturesOut: join(dir, "new.json"),
    });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, "utf8")).toBe(keysFileText(server.keys));
  });

  it("names every key in the keys file with the variables run reads first", () => {
    const keys = { plus: "p", team: "t", free: "f", revoked: "r", noCredits: "n" };
    expect(keysFileText(keys)).toBe(
      "CB_API_KEY=p\nCB_FREE_API_KEY=f\nCB_TEAM_API_KEY=t\nCB_REVOKED_API_KEY=r\nCB_NO_CREDITS_API_KEY=n\n",
    );
    expect(Object.keys(KEY_ENV_NAMES).sort()).toEqual(Object.keys(keys).sort());
  });
});
