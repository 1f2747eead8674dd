/**
 * What `import … from "cbcheck"` loads before any of the caller's code runs: the client, `validate` and the job
 * lines of a certification adapter, but not the runner nor the reference server, which `run()` and
 * `startServer()` load on their first call. An adapter is started once per scenario: the runner at import
 * cost each start about 0.25 s of CPU (0.72 s → 0.49 s on the team machine).
 */
import { describe, expect, it } from "vitest";
import { staticClosure } from "../cli/test-support/static-closure.js";
import { run } from "./index.js";

describe("the package entry", () => {
  const { files } = staticClosure("src/library/index.ts");

  it("loads the client and validate, not the runner nor the server", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "src/client/cb-client.ts",
        "src/library/validate.ts",
        "src/library/job-lines.ts",
      ]),
    );
    const heavy = files.filter((f) => /^src\/(runner|server|report|load|proxy)\//.test(f));
    expect(heavy).toEqual([]);
  });

  it("still checks run()'s options before loading anything", async () => {
    await expect(run({ runs: "many" } as never)).rejects.toMatchObject({ code: "CB_USAGE" });
  });
});
