/**
 * What `npm run mutation` mutates, in parts that run on their own (`npm run mutation -- validate`): the
 * reference server's request validation, operations, HTTP layer and core (limiter, envelope, keys, app).
 * Left out, each for a reason (docs/mutation.md): the synthetic-data generator (src/server/graph), the seeded
 * bugs and the fault plans (bugs.ts, mutations.ts, http/mutate.ts, http/load-bugs.ts, faults.ts: test
 * instruments, off in a conforming run), the certification trace (http/trace.ts, off in `run`), the option
 * parser of `serve` (options.ts: `run` starts the server with valid options only), the general path of entity
 * reads that only a seeded bug takes (ops/bent-read.ts, ops/extensions.ts), POST /search and POST
 * /traversals (ops/search.ts) and the requests of those and of GET /usage (validate/unshown-requests.ts): their
 * requests and responses are "not shown", so no run can judge them; and type-only files.
 */

/** Mutate patterns of each part (Stryker globs; `!` excludes). */
export const PARTS = {
  validate: ["src/server/validate/**/*.ts", "!src/server/validate/unshown-requests.ts"],
  ops: [
    "src/server/ops/**/*.ts",
    "!src/server/ops/search.ts",
    "!src/server/ops/bent-read.ts",
    "!src/server/ops/extensions.ts",
  ],
  http: [
    "src/server/http/**/*.ts",
    "!src/server/http/mutate.ts",
    "!src/server/http/load-bugs.ts",
    "!src/server/http/trace.ts",
  ],
  core: [
    "src/server/app.ts",
    "src/server/envelope.ts",
    "src/server/envelope-text.ts",
    "src/server/limiter.ts",
    "src/server/keys.ts",
    "src/server/uuid-bytes.ts",
    "src/server/byte-slab.ts",
  ],
};

/**
 * The order the suites run in for each part: the suites most likely to kill its mutants first, since Stryker
 * stops at the first failing test (order changes no test id, so incremental results stay valid).
 */
export const SUITE_ORDER = {
  validate: ["negative", "auth", "batch-limits", "http", "limits", "schema", "alt-base-url", "rate-limit"],
  ops: ["schema", "limits", "auth", "batch-limits", "negative", "http", "alt-base-url", "rate-limit"],
  http: ["http", "auth", "negative", "batch-limits", "limits", "schema", "alt-base-url", "rate-limit"],
  core: ["auth", "http", "schema", "rate-limit", "batch-limits", "limits", "negative", "alt-base-url"],
};

/** The part whose suite order fits mutate patterns given on the command line (by their first pattern). */
export function partOf(patterns) {
  const first = patterns[0] ?? "";
  const found = Object.entries(PARTS).find(([, globs]) =>
    globs.some((g) => first.startsWith(g.split("*")[0])),
  );
  return found ? found[0] : "core";
}

/** Every part's patterns, test files excluded: the default of `npm run mutation`. */
export const ALL_MUTATED = [...Object.values(PARTS).flat(), "!**/*.test.ts", "!**/test-support/**"];
