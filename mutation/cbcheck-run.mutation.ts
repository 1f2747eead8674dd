/**
 * The mutation harness (`npm run mutation`, docs/mutation.md): `cbcheck run --strict --seed 1` against the
 * embedded reference server, one test per suite, so that Stryker's per-test coverage runs for each mutant only
 * the suites that reach its code. A mutant is killed when the run does not pass (a failure, a warning under
 * --strict, or an inconclusive rule); the test's message lists the verdicts that did not pass.
 *
 * The server runs in this test's thread, where Stryker's mutant switch and coverage live; the run that judges
 * it is the judge's (mutation/judge.ts, in vitest's main process, warm across mutants). A mutant that loops
 * blocks this thread, and is ended by Stryker's hit limit or its timeout (which restarts the runner).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, inject, it } from "vitest";
import type { SuiteName } from "../src/vocabulary/suite-name.js";
import { harnessDigest } from "./harness-digest.js";
import type { JudgeAnswer, JudgeRequest } from "./judge.js";
import { SUITE_ORDER } from "./parts.mjs";
import { judgedRunOptions } from "./run-options.js";

/** The part's order (scripts/mutation.ts names the part): with bail on, a mutant stops at the first failure. */
const part = (process.env.CBCHECK_MUTATION_PART ?? "core") as keyof typeof SUITE_ORDER;
const SUITES = (SUITE_ORDER[part] ?? SUITE_ORDER.core) as SuiteName[];

/**
 * The reference server's modules, loaded with this file (where Stryker counts a mutant in module-level code as
 * static and activates it before loading). A mutant that makes loading them throw fails every test: a file
 * that fails to load has no tests, which Stryker's vitest runner would count as a survivor.
 */
const loaded = await import("../src/runner/embedded-server.js").then(
  (module) => ({ module }),
  (error: unknown) => ({ error }),
);

/** Runs `suite` on the judge against a server started here; the judge's answer. */
async function judged(suite: SuiteName): Promise<JudgeAnswer> {
  if ("error" in loaded) throw loaded.error;
  const { embeddedServerOptions, startEmbeddedServer } = loaded.module;
  const server = await startEmbeddedServer(embeddedServerOptions(judgedRunOptions(suite)));
  // The judge sets the server's rate window through this (the run's `beforeSuite`, before `rate-limit`).
  const control = createServer(async (req, res) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    const { rateLimit, rateWindowMs } = JSON.parse(text) as { rateLimit: number; rateWindowMs: number };
    await server.setRateLimit(rateLimit, rateWindowMs);
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  try {
    const request: JudgeRequest = {
      suite,
      url: server.url,
      altUrl: server.altUrl,
      keys: server.keys,
      fixtures: server.fixtures,
      controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}/`,
    };
    const res = await fetch(inject("judgeUrl"), { method: "POST", body: JSON.stringify(request) });
    if (!res.ok) throw new Error(`the judge failed: ${await res.text()}`);
    return (await res.json()) as JudgeAnswer;
  } finally {
    control.close();
    await server.close();
  }
}

describe(`cbcheck run --strict --seed 1 [harness ${harnessDigest()}]`, () => {
  for (const suite of SUITES) {
    it(`suite ${suite}`, async () => {
      const { verdict, findings } = await judged(suite);
      expect(verdict, findings.join("; ").slice(0, 500)).toBe("pass");
    });
  }
});
