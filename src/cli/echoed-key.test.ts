/**
 * Issue 26, finding 3: a target (or a client) that echoes the key back finds it redacted in every output of
 * every command — the library's `run()` return value, its report files and HAR, `compare`'s report, `proxy`'s
 * report and live lines, `replay`'s output — in every encoding `expectNoSecret` knows (raw, case variants,
 * URL-encoded, JSON- and \u-escaped, hex, base64 at any alignment, a Basic credential, a 16-character prefix,
 * a head cut at 2,000 characters). In-process calls (the library, and the CLI through `main(argv, io)`) against
 * real loopback servers on port 0.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../library/run.js";
import { runProxy } from "../proxy/run-proxy.js";
import { writeReports } from "../report/write-reports.js";
import { resolveCompareOptions } from "../runner/compare/compare-options.js";
import { runCompare } from "../runner/compare/run-compare.js";
import { replayCounterexample } from "../runner/replay.js";
import { type EchoTarget, startEchoTarget } from "../test-support/echo-target.js";
import { expectNoSecret } from "../test-support/expect-no-secret.js";
import { replayableReport } from "../test-support/replayable-report.js";
import { replayText } from "./commands/replay-action.js";
import { runMain } from "./test-support/run-main.js";

/** Keys with characters every encoding changes (`+`, `/`, `=`, `&`), and a digit early (no word). */
const KEY = "sk_live_Zq9+/Xy=ab&cd_0123456789";
const CANDIDATE_KEY = "ck_cand_7Hq2k9ZpLm3x/Ww+4401";
const FIXTURES = { known_ids: ["cb:org:123456789"], org_ids: ["cb:org:123456789"] };

let target: EchoTarget;
let candidate: EchoTarget;
let dir: string;
let fixturesFile: string;
beforeAll(async () => {
  [target, candidate] = await Promise.all([startEchoTarget(), startEchoTarget()]);
  dir = await mkdtemp(join(tmpdir(), "cbcheck-echoed-key-"));
  fixturesFile = join(dir, "fixtures.json");
  await writeFile(fixturesFile, JSON.stringify(FIXTURES));
});
afterAll(async () => {
  await Promise.all([target.close(), candidate.close()]);
  await rm(dir, { recursive: true, force: true });
});

/** Every file under `root`, by name. */
async function filesIn(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of await readdir(root)) out[name] = await readFile(join(root, name), "utf8");
  return out;
}

function expectNoKeys(texts: Record<string, string>, keys: readonly string[]): void {
  for (const [where, text] of Object.entries(texts)) for (const key of keys) expectNoSecret(text, key, where);
}

describe("a key echoed back is in no output of any command", () => {
  it("run(): the returned report and the four report files", async () => {
    const reportDir = join(dir, "run");
    const report = await run({
      baseUrl: target.baseUrl,
      apiKey: KEY,
      fixtures: FIXTURES,
      suites: ["http"],
      seed: 1,
      reportDir,
    });
    expect(report.verdict).toBe("fail");
    expect(target.received.some((r) => r.authorization === `Bearer ${KEY}`)).toBe(true);
    expectNoKeys({ "run() return value": JSON.stringify(report), ...(await filesIn(reportDir)) }, [KEY]);
  });

  it("cbcheck run: stdout, stderr, the four reports and the HAR (in-process through main)", async () => {
    const reportDir = join(dir, "cli-run");
    const har = join(dir, "cli-run.har");
    const args = ["run", "--base-url", target.baseUrl, "--fixtures", fixturesFile, "--suite", "http"];
    const outcome = await runMain([...args, "--seed", "3", "--report-dir", reportDir, "--har", har], {
      env: { CB_API_KEY: KEY },
    });
    expect(outcome.code).toBe(1);
    const texts = {
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      "run.har": await readFile(har, "utf8"),
      ...(await filesIn(reportDir)),
    };
    expect(Object.keys(texts)).toHaveLength(7);
    expectNoKeys(texts, [KEY]);
  });

  it("compare: the report of two releases that each echo their own key", async () => {
    const options = await resolveCompareOptions({
      baseUrl: target.baseUrl,
      candidateUrl: candidate.baseUrl,
      env: { CB_API_KEY: KEY, CB_CANDIDATE_KEY: CANDIDATE_KEY },
      candidateApiKeyEnv: "CB_CANDIDATE_KEY",
      fixtures: fixturesFile,
      runs: 1,
      seed: 2,
    });
    const result = await runCompare(options);
    // Each release's body quotes its own key: the differences shown hold both.
    expect(JSON.stringify(result.report.details)).toContain("<redacted>");
    await writeReports(join(dir, "compare"), result.report, result.sections);
    const texts = {
      "compare result": JSON.stringify(result.report),
      ...(await filesIn(join(dir, "compare"))),
    };
    expectNoKeys(texts, [KEY, CANDIDATE_KEY]);
  });

  it("proxy: the report and the live lines, for keys sent as Bearer, as Basic, in the query and in a body", async () => {
    const abort = new AbortController();
    const lines: string[] = [];
    let listened: (url: string) => void = () => {};
    const listening = new Promise<string>((resolve) => {
      listened = resolve;
    });
    const session = runProxy(
      { target: target.baseUrl, listen: "127.0.0.1:0", timeoutMs: 5000, maxBodyBytes: 1 << 20 },
      { signal: abort.signal, onListening: (url) => listened(url), onViolation: (line) => lines.push(line) },
    );
    const base = await listening;
    const basic = `Basic ${Buffer.from(`me:${CANDIDATE_KEY}`).toString("base64")}`;
    const calls = [
      { path: "/resolve?query=x", authorization: `Bearer ${KEY}` },
      { path: `/resolve?query=x&api_key=${encodeURIComponent(KEY)}`, authorization: `Bearer ${KEY}` },
      { path: "/entities/cb:org:123456789", authorization: basic },
      {
        path: "/entities/batch",
        authorization: `Bearer ${KEY}`,
        body: JSON.stringify({ ids: [KEY], key: KEY }),
      },
    ];
    for (const c of calls) {
      const res = await request(`${base}${c.path}`, {
        method: c.body ? "POST" : "GET",
        headers: {
          authorization: c.authorization,
          ...(c.body ? { "content-type": "application/json" } : {}),
        },
        ...(c.body ? { body: c.body } : {}),
      });
      await res.body.text();
    }
    await new Promise((r) => setTimeout(r, 100));
    abort.abort();
    const { report } = await session;
    expect(report.results.some((r) => r.status === "fail")).toBe(true);
    await writeReports(join(dir, "proxy"), report, []);
    const texts = {
      "proxy report": JSON.stringify(report),
      "live lines": lines.join("\n"),
      ...(await filesIn(join(dir, "proxy"))),
    };
    expectNoKeys(texts, [KEY, CANDIDATE_KEY]);
  });

  it("replay: the line before sending and everything printed after", async () => {
    const url = `${target.baseUrl}/resolve?query=x`;
    const report = replayableReport(target.baseUrl, "Bearer $CB_API_KEY");
    const sent: string[] = [];
    const result = await replayCounterexample({
      report,
      env: { CB_API_KEY: KEY },
      onSend: (line) => sent.push(line),
    });
    expect(sent).toEqual([`sending GET ${url} with the key in $CB_API_KEY`]);
    expect(result.outcome).toBe("fails again");
    expectNoKeys({ "replay output": `${sent.join("\n")}\n${replayText(result)}` }, [KEY]);
    expectNoKeys({ "replay result": JSON.stringify(result) }, [KEY]);
  });
});
