/**
 * vitest setup file, in every test process: the global setup (built-modules.ts) decided whether dist/ holds a
 * build of the current sources and passed it down as CBCHECK_BUILT_MODULES; here the shipped code is told
 * through its test hook, so that no shipped source reads the environment (src/cli/process-env.test.ts).
 */
import { runBuiltModulesFrom } from "../worker-thread.js";

runBuiltModulesFrom(process.env.CBCHECK_BUILT_MODULES);
