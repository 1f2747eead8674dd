/** Test helper: certifies a client command (a defective client, the reference adapter) and sums up the outcome. */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeReports } from "../../report/write-reports.js";
import { type CertifyResult, certifyClient } from "../certify-client.js";
import type { CertifyLevel } from "../grade-scenario.js";
import { resolveCertifyOptions } from "../options.js";
import { compiledClientsRoot } from "./compile-clients.js";

/** The command of a defective client by name: plain `node` on its transpiled JavaScript. */
export async function defectiveClient(name: string): Promise<string[]> {
  const root = await compiledClientsRoot();
  return [process.execPath, join(root, `src/certify/test-support/defective-clients/${name}.js`)];
}

/**
 * The command of the reference adapter as users run it: plain `node` on its JavaScript, whose
 * `import … from "cbcheck"` is the built package (`npm test` builds it first).
 */
export const adapterCommand = (): string[] => [process.execPath, "examples/reference-client-adapter.js"];

/** What a test asserts on. */
export interface CertifyOutcome {
  /** The certifier's result and the certificate files written from it (as the CLI writes them). */
  result: CertifyResult & { files: string[] };
  /** Ids of rules that failed in any scenario. */
  failing: string[];
  /** `scenario:status` of every scenario. */
  scenarios: Record<string, string>;
  /** The text of every report file written. */
  reportTexts: string[];
  /** The API keys handed to the client. */
  keys: string[];
  /** Evidence of every failing row, for assertion messages. */
  failures: string;
}

/** Runs `certifyClient` on `command` with a short timeout and writes the certificate as the CLI does. */
export async function certifyCommand(
  command: string[],
  options: { scenarios?: string[]; level?: CertifyLevel; timeoutS?: number; concurrency?: number } = {},
): Promise<CertifyOutcome> {
  const reportDir = await mkdtemp(join(tmpdir(), "cbcheck-certify-test-"));
  const resolved = resolveCertifyOptions({
    command,
    scenarios: options.scenarios,
    level: options.level,
    timeoutS: options.timeoutS ?? 30,
    reportDir,
    concurrency: options.concurrency ?? 3,
    env: process.env,
  });
  const certified = await certifyClient(resolved);
  const written = await writeReports(reportDir, certified.report, certified.sections);
  const result = { ...certified, files: written };
  const failing = [
    ...new Set(result.report.results.filter((r) => r.status === "fail").map((r) => r.id)),
  ].sort();
  const scenarios = Object.fromEntries(
    result.scenarios.map((s) => [s.evidence.scenario.name, s.grade.status]),
  );
  const files = await readdir(reportDir);
  const reportTexts = await Promise.all(files.map((f) => readFile(join(reportDir, f), "utf8")));
  await rm(reportDir, { recursive: true, force: true });
  const keys = [...new Set(result.scenarios.map((s) => s.evidence.run.apiKey))];
  const failures = result.report.results
    .filter((r) => r.status === "fail")
    .map((r) => `${r.suite}/${r.id}: ${r.counterexamples.flatMap((c) => c.evidence ?? []).join(" | ")}`)
    .join("\n");
  return { result, failing, scenarios, reportTexts, keys, failures };
}
