/**
 * The library's `run()` as a process of its own, for bench/hostile.ts: `library-run.ts '<RunLibraryOptions as
 * JSON>'`. SIGINT/SIGTERM abort its `signal`, as a program embedding cbcheck would wire them; the returned
 * report goes to stdout and the exit code is its verdict's (0, 1, 2, 130/143), as the CLI's would be.
 */
import { HarnessError } from "../../src/errors.js";
import { run } from "../../src/library/run.js";
import { exitCodeOf, type StopSignal } from "../../src/report/verdict.js";

const abort = new AbortController();
let received: StopSignal | undefined;
for (const name of ["SIGINT", "SIGTERM"] as const) {
  process.on(name, () => {
    received ??= name;
    abort.abort();
  });
}
try {
  const report = await run({ ...JSON.parse(process.argv[2] ?? "{}"), signal: abort.signal });
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exitCode = exitCodeOf(report.verdict, received);
} catch (err) {
  if (!(err instanceof HarnessError)) throw err;
  process.stderr.write(`${err.message} [${err.code}]\n`);
  process.exitCode = 2;
}
