/**
 * Every suite of `cbcheck run`, by name. An explicit list (no import side effects); the order of a run
 * is `SUITE_ORDER` in ../options.ts.
 */
import type { Suite } from "../suite.js";
import { altBaseUrlSuite } from "./alt-base-url.js";
import { authSuite } from "./auth.js";
import { batchLimitsSuite } from "./batch-limits.js";
import { httpSuite } from "./http.js";
import { limitsSuite } from "./limits.js";
import { negativeSuite } from "./negative.js";
import { rateLimitSuite } from "./rate-limit.js";
import { schemaSuite } from "./schema.js";

/** The suites `run` can select with `--suite`. */
export const SUITES: readonly Suite[] = [
  httpSuite,
  authSuite,
  schemaSuite,
  negativeSuite,
  limitsSuite,
  altBaseUrlSuite,
  rateLimitSuite,
  batchLimitsSuite,
];
