/**
 * What the runner offers the layers beside it (`cbcheck load`): the import-rule test (src/layers.test.ts)
 * lets them import the runner only through this file.
 */
export { loadFixtures } from "./fixtures.js";
export { parseRate } from "./option-parsers.js";
export { isLoopbackUrl } from "./target.js";
