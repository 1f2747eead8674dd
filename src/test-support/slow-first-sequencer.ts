/**
 * Test order for `npm test`: vitest starts the files it remembers as slowest first, but a fresh clone (CI)
 * remembers nothing and starts the largest files first, and a slow small file then runs alone at the end
 * while the other worker idles (a 34 s tail was measured that way). These files, measured slowest on this
 * project's 2-core machine, start first in their project whatever vitest remembers; the rest keep its order.
 */
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Slowest first (wall seconds of a quiet full run, 2026-11-27); a renamed or removed file fails its test. */
export const SLOW_FIRST = [
  // The real-time files (test-support/real-time-turn.ts) take turns: spread over the list so that the next one
  // is picked up about when the one before it ends, not while a worker waits for its turn.
  "src/load/load-command.test.ts",
  "src/certify/defective-clients.test.ts",
  "src/cli/hostile-matrix.test.ts",
  "src/runner/mutation-matrix-schema.test.ts",
  "src/cli/hostile-matrix-load.test.ts",
  "src/cli/serve-and-run-example.test.ts",
  "src/load/segments-as-pods.test.ts",
  "src/runner/strict-serve.test.ts",
  "src/proxy/unjudged.test.ts",
  "src/runner/suites/gzip-probe.test.ts",
  "src/runner/run-conformance.test.ts",
  "src/load/enforced-limits.test.ts",
  "src/proxy/run-proxy.test.ts",
  "src/cli/hostile-matrix-proxy.test.ts",
  "src/cli/commands/certify-client-processes.test.ts",
  "src/checks/judge-thread/judge-thread.test.ts",
  "src/load/cpu-starvation.test.ts",
  "src/runner/suites/schema-judge-ahead.test.ts",
  "src/certify/certify-reference-client.test.ts",
  "src/cli/commands/monitor.test.ts",
  "src/library/packed-package.test.ts",
  // 9.3 s in the serial tail of CI's last run; with the unit files since, started early among them.
  "src/cli/interrupt.test.ts",
  "src/load/drive-load.test.ts",
];

/** vitest's order, with the files of `SLOW_FIRST` moved to the front of their project. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (f: TestSpecification): number => {
      const at = SLOW_FIRST.indexOf(relative(root, f.moduleId));
      return at < 0 ? SLOW_FIRST.length : at;
    };
    const place = new Map(sorted.map((f, i) => [f, i]));
    // vitest's order groups each project's files together; only the order inside a project changes.
    const project = new Map<string, number>();
    for (const f of sorted) if (!project.has(f.project.name)) project.set(f.project.name, place.get(f) ?? 0);
    const key = (f: TestSpecification) => project.get(f.project.name) ?? 0;
    return [...sorted].sort(
      (a, b) => key(a) - key(b) || rank(a) - rank(b) || (place.get(a) ?? 0) - (place.get(b) ?? 0),
    );
  }
}
