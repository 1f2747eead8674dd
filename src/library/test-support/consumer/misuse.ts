/**
 * Wrong calls that the published declarations must refuse: compiled beside main.ts, each directive below is
 * itself an error if its line type-checks (as it would if the package exported `any`).
 */
import { run, startServer, validate } from "cbcheck";

/** Never called: only compiled. */
export async function misuse(): Promise<void> {
  // @ts-expect-error the seed is a number
  await run({ seed: "42" });
  // @ts-expect-error the document is required
  validate("entities");
  // @ts-expect-error the port is a number
  await startServer({ port: "8080" });
  // @ts-expect-error a report has no `passed` field (it is `summary.passed`)
  (await run()).passed;
}
