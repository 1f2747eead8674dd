/** The hostile matrix for `proxy`: see hostile-matrix.test.ts. */
import { describeTargetMatrix } from "./test-support/target-matrix.js";

describeTargetMatrix(["proxy"]);
