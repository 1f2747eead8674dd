/**
 * Runs one scenario: a certification server on loopback with the scenario's fault plan and tracing, the
 * client command with the CB_* environment, then the trace, output file and process outcome for grading.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startServerOnGraph } from "../server/app.js";
import { sharedGraph } from "../server/graph/create-graph.js";
import type { Graph } from "../server/graph/graph.js";
import type { TraceEntry } from "../server/types.js";
import { type OutputFile, readOutputFile } from "./output-file.js";
import { pickIds } from "./pick-ids.js";
import type { ClientRun } from "./rule.js";
import type { Scenario } from "./scenarios.js";
import { spawnClient } from "./spawn-client.js";

/** Graph of the certification server; the same seed and size give the same organisations to pick from. */
const GRAPH = { seed: 1, orgs: 2000 } as const;

/**
 * The graph every scenario serves, shared in the process (create-graph.ts): building it with its lazily derived
 * nodes again for each scenario's server cost the 135 certifications of the defective-client suite about 3 s
 * of CPU.
 */
const certificationGraph = (): Graph => sharedGraph(GRAPH);

/** Added to every response (faults too), so that calls sent in parallel arrive while the first is still open. */
const LATENCY_MS = 80;

/** How to run the client command. */
export interface ClientCommand {
  command: string;
  args: readonly string[];
  cwd?: string;
  /** The environment the client inherits; the scenario's CB_* variables are added to it. */
  env: Readonly<Record<string, string | undefined>>;
}

/** Everything one scenario produced, ready for grading. */
export interface ScenarioEvidence {
  scenario: Scenario;
  run: ClientRun;
  trace: TraceEntry[];
  output: OutputFile;
  /** Set when the client could not be started. */
  spawnError?: string;
  /** True when the certification was aborted while the client ran (its tree was ended). */
  aborted: boolean;
}

/** Runs one scenario in `workDir` (ids and output files live there). */
export async function runScenario(
  scenario: Scenario,
  client: ClientCommand,
  options: { timeoutS: number; workDir: string; signal?: AbortSignal },
): Promise<ScenarioEvidence> {
  const plannedFaults = scenario.faults(options.timeoutS);
  const server = await startServerOnGraph(certificationGraph(), {
    host: "127.0.0.1",
    port: 0,
    ...GRAPH,
    trace: true,
    faultPlan: { steps: plannedFaults.map((step) => ({ ...step })), latencyMs: LATENCY_MS },
  });
  try {
    const dir = join(options.workDir, scenario.name);
    await mkdir(dir, { recursive: true });
    const idsFile = join(dir, "ids.txt");
    const outputFile = join(dir, "output.jsonl");
    const moreOrgIds = certificationGraph().search({}, scenario.existingIds + 50);
    const requestedIds = pickIds(server.fixtures, scenario, moreOrgIds);
    await writeFile(idsFile, `${requestedIds.join("\n")}\n`);
    const apiKey = server.keys.plus;
    const outcome = await spawnClient({
      command: client.command,
      args: client.args,
      cwd: client.cwd,
      timeoutMs: options.timeoutS * 1000,
      signal: options.signal,
      env: {
        ...client.env,
        CB_BASE_URL: server.url,
        CB_API_KEY: apiKey,
        CB_IDS_FILE: idsFile,
        CB_EXTEND: JSON.stringify(scenario.extend),
        CB_OUTPUT_FILE: outputFile,
      },
    });
    const run: ClientRun = {
      scenario: scenario.name,
      apiKey,
      keyName: "plus",
      requestedIds,
      extend: scenario.extend,
      exitCode: outcome.exitCode,
      timedOut: outcome.timedOut,
      timeoutS: options.timeoutS,
      startedAt: outcome.startedAt,
      endedAt: outcome.endedAt,
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      plannedFaults,
      pendingFaults: server.pendingFaults(),
      expectsStop: scenario.expectsStop,
    };
    const trace = [...server.trace];
    return {
      scenario,
      run,
      trace,
      output: await readOutputFile(outputFile),
      spawnError: outcome.spawnError,
      aborted: outcome.aborted,
    };
  } finally {
    await server.close();
  }
}
