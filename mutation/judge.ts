/**
 * The judge of the mutation harness (docs/mutation.md): `cbcheck run --strict --seed 1`, one suite at a time,
 * against an embedded server that the harness's test started in Stryker's worker thread. It runs in vitest's
 * main process (mutation/judge-setup.ts), which lives as long as Stryker's test runner, so cbcheck's modules,
 * compiled schemas and generated cases are made once per runner instead of once per mutant; the worker thread
 * that vitest starts afresh for every mutant loads only the reference server.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { runConformance } from "../src/runner/run-conformance.js";
import { embeddedTarget } from "../src/runner/target.js";
import type { ServerFixtures, ServerKeys } from "../src/server/types.js";
import type { SuiteName } from "../src/vocabulary/suite-name.js";
import { judgedRunOptions } from "./run-options.js";

/** What the harness sends: the suite to run, and the server it started (with its rate control's URL). */
export interface JudgeRequest {
  suite: SuiteName;
  url: string;
  altUrl: string;
  keys: ServerKeys;
  fixtures: ServerFixtures;
  /** POST `{rateLimit, rateWindowMs}` here to set the server's window (the `rate-limit` suite's). */
  controlUrl: string;
}

/** The judge's answer: the run's verdict and the rules that did not pass (a failure, warning or inconclusive). */
export interface JudgeAnswer {
  verdict: string;
  findings: string[];
}

/** Runs one suite against the harness's server and lists what did not pass. */
export async function judge(request: JudgeRequest): Promise<JudgeAnswer> {
  const server = {
    url: request.url,
    altUrl: request.altUrl,
    keys: request.keys,
    fixtures: request.fixtures,
    setRateLimit: async (rateLimit: number, rateWindowMs: number) => {
      const res = await fetch(request.controlUrl, {
        method: "POST",
        body: JSON.stringify({ rateLimit, rateWindowMs }),
      });
      if (!res.ok) throw new Error(`the harness did not set the rate window (${res.status})`);
    },
    // The harness's test closes its own server.
    close: async () => {},
  };
  const { report } = await runConformance(judgedRunOptions(request.suite), {
    openTarget: async (options) => embeddedTarget(server, options),
  });
  const findings = report.results
    .filter((r) => r.status === "fail" || r.status === "warn" || r.status === "inconclusive")
    .map((r) => `${r.id} ${r.status}: ${r.message ?? r.counterexamples[0]?.title ?? ""}`);
  return { verdict: report.verdict, findings };
}

/** Reads a request's whole body as text. */
async function bodyOf(req: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the judge on loopback: POST a `JudgeRequest`, get a `JudgeAnswer` (500 with the error's text). */
export async function startJudge(): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    try {
      const answer = await judge(JSON.parse(await bodyOf(req)) as JudgeRequest);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    } catch (err) {
      res
        .writeHead(500, { "content-type": "text/plain" })
        .end(err instanceof Error ? err.message : String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}
