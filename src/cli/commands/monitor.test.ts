/**
 * `cbcheck monitor` end to end, in-process, against the reference server behind a forwarder that stamps each
 * call with the monitor's clock (a `SkippingClock` shared with the server: an hour of pacing takes no real
 * time). A seeded bug switched on mid-run gives one failing event, a metric that moves, and a recovery event
 * once switched off; a restart goes on from the state; the calls the server saw never exceed the hourly budget.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateAs } from "../../contract/registry.js";
import { sampleValue, scrape } from "../../metrics/test-support/scrape.js";
import { cyclesEnded, startMonitor } from "../../monitor/test-support/monitor-process.js";
import {
  mostInAnyWindow,
  type StampingProxy,
  startStampingProxy,
} from "../../monitor/test-support/stamping-proxy.js";
import { webhookBody } from "../../monitor/webhook.js";
import { startServer } from "../../server/index.js";
import type { RunningServer } from "../../server/types.js";
import { SkippingClock } from "../../test-support/clocks.js";
import { expectNoSecret } from "../../test-support/expect-no-secret.js";
import { listenOnLoopback } from "../../test-support/loopback-server.js";
import { runMain } from "../test-support/run-main.js";

const HOUR = 3_600_000;
const PER_HOUR = 30;
const CURSOR = { rule: "resolve.cursor_null", operation: "resolve" };

let clock: SkippingClock;
let server: RunningServer;
let proxy: StampingProxy;
let dir: string;

beforeAll(async () => {
  clock = new SkippingClock();
  server = await startServer({ clock });
  proxy = await startStampingProxy(new URL(server.url).origin, clock);
  dir = await mkdtemp(join(tmpdir(), "cbcheck-monitor-"));
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

const env = () => ({ CB_API_KEY: server.keys.plus });
const args = (...more: string[]) => [
  ...["--base-url", `${proxy.origin}/v1`, "--suite", "http", "--runs", "1", "--cycle", "10m"],
  ...["--max-calls-per-hour", String(PER_HOUR), "--confirm", "2", "--metrics-port", "0"],
  ...["--state", join(dir, "state.json"), "--report-dir", join(dir, "reports")],
  ...more,
];
const about =
  (rule: { rule: string; operation: string }, event: string) =>
  (e: { event: string; rule?: string; operation?: string }) =>
    e.event === event && e.rule === rule.rule && e.operation === rule.operation;

describe("cbcheck monitor against the reference server", () => {
  it("announces a bug switched on mid-run once, shows it on a scrape, and its recovery after a restart", async () => {
    const first = startMonitor(args(), env(), clock);
    const url = await first.metricsUrl();
    await first.until(() => cyclesEnded(first.lines) >= 1);
    expect(first.events).toEqual([]);
    server.setMutation("resolve-cursor-set");
    await first.until(() => first.events.some(about(CURSOR, "rule_failing")));
    const failing = first.events.find(about(CURSOR, "rule_failing"));
    expect(validateAs("monitor-event", failing)).toEqual([]);
    expect(failing?.counterexample?.curl).toContain("$CB_API_KEY");
    expect(failing?.replay).toMatch(/^cbcheck replay \S+report\.json --check resolve\.cursor_null$/);
    const during = await scrape(url);
    expect(sampleValue(during.families, "cbcheck_open_violations", CURSOR)).toBe(1);
    expect(
      sampleValue(during.families, "cbcheck_checks_judged_total", { ...CURSOR, status: "fail" }),
    ).toBeGreaterThan(1);
    // Two more cycles with the bug on: a rule that keeps failing is not announced again.
    const seen = cyclesEnded(first.lines);
    await first.until(() => cyclesEnded(first.lines) >= seen + 2);
    first.signal("SIGTERM");
    const stopped = await first.done;
    expect(stopped.code).toBe(143);
    const state = JSON.parse(readFileSync(join(dir, "state.json"), "utf8"));
    expect(validateAs("monitor-state", state)).toEqual([]);
    expect(state.rules.find((r: { rule: string }) => r.rule === CURSOR.rule).state).toBe("failing");

    // Started again on the same state, the bug still on: no second failing event, the gauge restored at once.
    const second = startMonitor(args(), env(), clock);
    const again = await scrape(await second.metricsUrl());
    expect(sampleValue(again.families, "cbcheck_open_violations", CURSOR)).toBe(1);
    await second.until(() => cyclesEnded(second.lines) >= 1);
    expect(second.lines.some((l) => l.includes(`cycle ${state.cycle.number + 1}:`))).toBe(true);
    server.setMutation(null);
    await second.until(() => second.events.some(about(CURSOR, "rule_recovered")));
    const after = await scrape(await second.metricsUrl());
    expect(sampleValue(after.families, "cbcheck_open_violations", CURSOR)).toBe(0);
    second.signal("SIGINT");
    expect((await second.done).code).toBe(130);

    const all = [...first.events, ...second.events];
    expect(all.filter(about(CURSOR, "rule_failing"))).toHaveLength(1);
    expect(all.filter(about(CURSOR, "rule_recovered"))).toHaveLength(1);
    // The budget held across both processes, by the calls the server saw in any hour of the clock.
    expect(proxy.stamps.length).toBeGreaterThan(PER_HOUR);
    expect(mostInAnyWindow(proxy.stamps, HOUR)).toBeLessThanOrEqual(PER_HOUR);
    // Ids were discovered once, by the first process only: the second read them from the state.
    const discoveries = proxy.stamps.filter((s) => s.url.includes("/resolve?query=")).length;
    expect(discoveries).toBeGreaterThan(0);
    expect(
      JSON.parse(readFileSync(join(dir, "state.json"), "utf8")).fixtures.known_ids.length,
    ).toBeGreaterThan(0);
  });
});

describe("cbcheck monitor on the alternate base URL", () => {
  it("announces a difference seeded only under /api/v1 once, counts it by kind, and its recovery", async () => {
    const ALT = { rule: "alt.same_response", operation: "resolve" };
    const from = proxy.stamps.length;
    const alt = startMonitor(
      args(
        "--alt-base-url",
        `${proxy.origin}/api/v1`,
        "--suite",
        "alt-base-url",
        "--state",
        join(dir, "alt.json"),
      ),
      env(),
      clock,
    );
    const url = await alt.metricsUrl();
    await alt.until(() => cyclesEnded(alt.lines) >= 1);
    expect(alt.events).toEqual([]);
    server.setMutation("alt-drops-warnings");
    await alt.until(() => alt.events.some(about(ALT, "rule_failing")));
    const drift = await scrape(url);
    expect(sampleValue(drift.families, "cbcheck_open_violations", ALT)).toBe(1);
    expect(
      sampleValue(drift.families, "cbcheck_alt_base_differences_total", { kind: "body" }),
    ).toBeGreaterThan(0);
    // The parser flattens labelled histograms (sampleValue refuses them): the alt base's count, read as text.
    expect(drift.text).toMatch(
      /^cbcheck_request_duration_seconds_count\{operation="resolve",base="alt"\} [1-9]/m,
    );
    expect(
      sampleValue(drift.families, "cbcheck_responses_total", {
        operation: "resolve",
        base: "alt",
        status: "200",
      }),
    ).toBeGreaterThan(0);
    server.setMutation(null);
    await alt.until(() => alt.events.some(about(ALT, "rule_recovered")));
    alt.signal("SIGTERM");
    expect((await alt.done).code).toBe(143);
    expect(alt.events.filter(about(ALT, "rule_failing"))).toHaveLength(1);
    // Nothing on the base URL alone was announced: the bug lives under /api/v1 only.
    expect(alt.events.filter((e) => !e.rule?.startsWith("alt.") && e.event === "rule_failing")).toEqual([]);
    expect(mostInAnyWindow(proxy.stamps.slice(from), HOUR)).toBeLessThanOrEqual(PER_HOUR);
  });
});

describe("cbcheck monitor --once", () => {
  it("exits 1 while a rule is failing after its cycle, 0 once clean, and keeps keys out of every output", async () => {
    const fixtures = join(dir, "fixtures.json");
    writeFileSync(fixtures, JSON.stringify(server.fixtures));
    const posted: string[] = [];
    const hook = await listenOnLoopback(
      createServer(async (req, res) => {
        let body = "";
        for await (const chunk of req) body += chunk;
        posted.push(body);
        res.writeHead(200).end("ok");
      }),
    );
    const webhook = `${new URL(hook.baseUrl).origin}/services/T0/B0/x`;
    const once = (...more: string[]) =>
      startMonitor(
        args(
          ...["--once", "--fixtures", fixtures, "--state", join(dir, "once.json"), "--confirm", "1"],
          ...["--webhook", webhook, ...more],
        ),
        env(),
        clock,
      ).done;
    server.setMutation("resolve-cursor-set");
    const failing = await once();
    expect(failing.code, failing.stderr).toBe(1);
    expect(failing.stderr).toContain("resolve.cursor_null on resolve");
    // The event's replay line re-sends its counterexample: it fails again while the bug is on.
    const replay: string[] = JSON.parse(failing.stdout.split("\n")[0]).replay.split(" ");
    const replayed = await runMain(replay.slice(1), { env: env(), clock });
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(1);
    server.setMutation(null);
    const clean = await once();
    expect(clean.code, clean.stderr).toBe(0);
    const report = readFileSync(replay[2], "utf8");
    const state = readFileSync(join(dir, "once.json"), "utf8");
    await hook.close();
    // The webhook was told the event (Slack-compatible: one text field), and nothing else was posted.
    // The webhook was told every event printed (Slack-compatible: one text field), in order, and nothing else.
    const printed = (failing.stdout + clean.stdout).split("\n").filter((l) => l !== "");
    expect(printed.length).toBeGreaterThanOrEqual(2);
    expect(posted.map((b) => JSON.parse(b))).toEqual(printed.map((l) => webhookBody(JSON.parse(l))));
    const outputs = { stdout: failing.stdout + clean.stdout, stderr: failing.stderr + clean.stderr };
    for (const [where, text] of Object.entries({ ...outputs, report, state, webhook: posted.join("\n") }))
      expectNoSecret(text, server.keys.plus, where);
  });
});
