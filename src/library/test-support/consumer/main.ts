/**
 * A user's program on the installed package (src/library/packed-package.test.ts compiles it in a project of
 * its own with tsc and runs it with node): starts the reference server, runs a tiny run against it and one
 * against the embedded server (a worker thread of the built package), validates a body.
 */
import {
  CbClient,
  HarnessError,
  type Report,
  type RunningServer,
  run,
  startServer,
  type Validation,
  VERSION,
  validate,
} from "cbcheck";

const server: RunningServer = await startServer({ seed: 11 });
try {
  const report: Report = await run({
    baseUrl: server.url,
    apiKey: server.keys.plus,
    fixtures: server.fixtures,
    suites: ["http"],
    runs: 2,
    seed: 3,
  });
  const embedded = await run({ suites: ["http"], runs: 2, seed: 3 });
  const client = new CbClient({ baseUrl: server.url, apiKey: server.keys.plus });
  const body = await client.batchOnce({ ids: server.fixtures.org_ids.slice(0, 2) });
  const validation: Validation = validate("entities", body);
  let usage = "";
  try {
    validate("no-such-kind", {});
  } catch (err) {
    if (err instanceof HarnessError) usage = err.code;
  }
  const failed = report.results.filter((r) => r.status === "fail").map((r) => r.id);
  console.log(
    JSON.stringify({
      version: VERSION,
      verdict: report.verdict,
      embedded: [embedded.target?.embedded, embedded.verdict],
      rows: report.results.length,
      failed,
      valid: validation.valid,
      usage,
    }),
  );
} finally {
  await server.close();
}
