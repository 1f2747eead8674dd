import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { RUN_INLINING_FLAG } from "./jit-budget.js";

describe("the run command's V8 inlining budget", () => {
  it("is a flag this Node's V8 knows (an unknown one is reported on stderr and ignored)", () => {
    const set = (flag: string) =>
      spawnSync(process.execPath, ["-e", 'require("node:v8").setFlagsFromString(process.env.FLAG)'], {
        encoding: "utf8",
        env: { ...process.env, FLAG: flag },
      });
    // The probe itself tells an unknown flag: without it this test could not fail.
    expect(set("--no-such-v8-flag-of-cbcheck").stderr).toMatch(/unrecognized flag/);
    const known = set(RUN_INLINING_FLAG);
    expect(known.status).toBe(0);
    expect(known.stderr).toBe("");
  });
});
