/** The hostile matrix for `load`: see hostile-matrix.test.ts. */
import { describeTargetMatrix } from "./test-support/target-matrix.js";

describeTargetMatrix(["load"]);
