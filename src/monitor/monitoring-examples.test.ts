/**
 * examples/monitoring/: the Prometheus scrape config and alert rules parse as YAML, every PromQL expression (the
 * alerts' and the Grafana dashboard's) parses with Prometheus's own grammar (@prometheus-io/lezer-promql), and
 * every metric they name is one that `cbcheck monitor` or `cbcheck proxy` actually serves: both are started
 * here with `--metrics-port` and scraped. docs/monitor.md names every metric they serve.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parser } from "@prometheus-io/lezer-promql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { scrape, seriesNames } from "../metrics/test-support/scrape.js";
import { runProxy } from "../proxy/run-proxy.js";
import { startServer } from "../server/index.js";
import type { RunningServer } from "../server/types.js";
import { SkippingClock } from "../test-support/clocks.js";
import { startMonitor } from "./test-support/monitor-process.js";

const DIR = join(import.meta.dirname, "../../examples/monitoring");
const read = (name: string) => readFileSync(join(DIR, name), "utf8");

interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: { summary?: string; description?: string };
}
interface Panel {
  id: number;
  title: string;
  targets?: { refId: string; expr: string }[];
}

/** The metric names a PromQL expression selects; throws on a syntax error (an error node of the grammar). */
function metricNames(expr: string): string[] {
  const names: string[] = [];
  const errors: number[] = [];
  const tree = parser.parse(expr);
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) errors.push(node.from);
      if (node.name === "Identifier" && node.node.parent?.name === "VectorSelector")
        names.push(expr.slice(node.from, node.to));
    },
  });
  if (errors.length > 0) throw new Error(`PromQL syntax error at ${errors[0]} in: ${expr}`);
  return names;
}

/** Grafana's variables, replaced by what Prometheus would be sent. */
const grafanaToPromql = (expr: string) =>
  expr.replaceAll("$__rate_interval", "5m").replaceAll("$instance", ".*");

const alerts = (): AlertRule[] =>
  (parseYaml(read("cbcheck-alerts.yml")) as { groups: { rules: AlertRule[] }[] }).groups.flatMap(
    (g) => g.rules,
  );
const panels = (): Panel[] => (JSON.parse(read("grafana-dashboard.json")) as { panels: Panel[] }).panels;

/** Every series the two commands serve, scraped from them running (they register every family at start). */
let served: Set<string>;
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({});
  const dir = await mkdtemp(join(tmpdir(), "cbcheck-examples-"));
  const fixtures = join(dir, "fixtures.json");
  writeFileSync(fixtures, JSON.stringify(server.fixtures));
  const monitor = startMonitor(
    [
      ...["--base-url", server.url, "--fixtures", fixtures, "--suite", "http", "--runs", "1"],
      ...["--metrics-port", "0", "--state", join(dir, "state.json"), "--report-dir", join(dir, "r")],
    ],
    { CB_API_KEY: server.keys.plus },
    new SkippingClock(),
  );
  const fromMonitor = await scrape(await monitor.metricsUrl());
  monitor.signal("SIGTERM");
  await monitor.done;
  const abort = new AbortController();
  let proxyDone: Promise<unknown> = Promise.resolve();
  const metricsUrl = new Promise<string>((resolve) => {
    proxyDone = runProxy(
      { target: server.url, listen: "127.0.0.1:0", timeoutMs: 5_000, maxBodyBytes: 1 << 20, metricsPort: 0 },
      { signal: abort.signal, onMetricsListening: resolve },
    );
  });
  const fromProxy = await scrape(await metricsUrl);
  abort.abort();
  await proxyDone;
  served = new Set([...seriesNames(fromMonitor.families), ...seriesNames(fromProxy.families)]);
});
afterAll(() => server.close());

describe("examples/monitoring", () => {
  it("prometheus.yml scrapes the monitor and the proxy and loads the alert rules", () => {
    const config = parseYaml(read("prometheus.yml")) as {
      rule_files: string[];
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    };
    expect(config.scrape_configs.map((c) => c.job_name)).toEqual(["cbcheck-monitor", "cbcheck-proxy"]);
    for (const c of config.scrape_configs) expect(c.static_configs[0].targets[0]).toMatch(/^[\w.-]+:\d+$/);
    expect(config.rule_files).toEqual(["cbcheck-alerts.yml"]);
    expect(() => read(config.rule_files[0])).not.toThrow();
  });

  it("alerts on a rule failing, alt drift, a budget exhausted and the monitor down, each well formed", () => {
    const rules = alerts();
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        "CbcheckRuleFailing",
        "CbcheckAltBaseDrift",
        "CbcheckBudgetExhausted",
        "CbcheckMonitorDown",
      ]),
    );
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smhd]$/);
      expect(() => metricNames(rule.expr), rule.alert).not.toThrow();
    }
    // The down alert watches the job the scrape config names.
    expect(rules.find((r) => r.alert === "CbcheckMonitorDown")?.expr).toContain('job="cbcheck-monitor"');
  });

  it("the Grafana dashboard parses, its panel ids are unique and every query is PromQL", () => {
    const all = panels();
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    for (const p of all) {
      expect(p.targets?.length, p.title).toBeGreaterThan(0);
      for (const t of p.targets ?? [])
        expect(() => metricNames(grafanaToPromql(t.expr)), p.title).not.toThrow();
    }
  });

  it("names only metrics that cbcheck monitor and proxy serve (and Prometheus's own up)", () => {
    const used = new Set([
      ...alerts().flatMap((r) => metricNames(r.expr)),
      ...panels().flatMap((p) => (p.targets ?? []).flatMap((t) => metricNames(grafanaToPromql(t.expr)))),
    ]);
    used.delete("up");
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !served.has(name))).toEqual([]);
  });

  it("docs/monitor.md names every metric the two commands serve", () => {
    const docs = readFileSync(join(DIR, "../../docs/monitor.md"), "utf8");
    const families = [...served].filter(
      (n) => !/_(bucket|sum|count)$/.test(n) || !served.has(n.replace(/_(bucket|sum|count)$/, "")),
    );
    expect(families.filter((name) => !docs.includes(`\`${name}\``))).toEqual([]);
  });
});
