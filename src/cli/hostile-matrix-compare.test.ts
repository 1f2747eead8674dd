/** The hostile matrix for `compare`, `replay`: see hostile-matrix.test.ts. */
import { describeTargetMatrix } from "./test-support/target-matrix.js";

describeTargetMatrix(["compare", "replay"]);
