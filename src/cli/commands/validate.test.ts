import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { JUDGE_IN_THREAD_CHARS } from "../../checks/judge-thread/judge-thread.js";
import { invalidResolveBody } from "../../checks/judge-thread/test-support/bodies.js";
import { mutate, smallBatch } from "../../checks/test-support/exchanges.js";
import { resolveValidateOptions } from "../../checks/validate/options.js";
import { validateText } from "../../checks/validate/validate-text.js";
import { runMain } from "../test-support/run-main.js";

const dir = mkdtempSync(join(tmpdir(), "cbcheck-validate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** Runs `cbcheck validate …` in-process through main(argv, io): exit code, stdout and stderr. */
async function validate(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const { code, stdout, stderr } = await runMain(["validate", ...args]);
  return { code, out: stdout, err: stderr };
}

const valid = smallBatch();
const validPath = file("valid.json", valid.response!.bodyText);
const request = JSON.stringify({
  method: "POST",
  path: "/entities/batch",
  body: JSON.parse(valid.request.body!),
});
const broken = mutate(valid, (j) => {
  j.data.entities[0].payload.employees = "many";
  j.data.extensions.financial_history["910000000"].reverse();
  j.data.edges = [];
});
const brokenPath = file("broken.json", broken.response!.bodyText);

describe("cbcheck validate", () => {
  it("exits 0 on a valid entity-read body and says which checks need the request", async () => {
    const r = await validate(validPath, "--as", "entities");
    expect(r).toMatchObject({ code: 0, out: "" });
    expect(r.err).toMatch(/^valid \(schema entities-response \+ \d+ checks\)/);
    expect(r.err).toMatch(/not run \(needs the request \(--request or --path\)\): .*ext\.subunits\.cap/);
  });

  it("prints one line per violation with pointer and schema location or check id, exit 1", async () => {
    const r = await validate(brokenPath, "--as", "entities-response");
    expect(r.code).toBe(1);
    const lines = r.out.trim().split("\n");
    expect(lines).toContainEqual(
      expect.stringMatching(/^\/data\/entities\/0\/payload\/employees {2}.+ {2}\[.*schema\.json#.*\]$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\/data\/extensions\/financial_history\/910000000\/1\/fiscal_year {2}.+ {2}\[ext\.financial_history\.newest_first\]$/,
      ),
    );
  });

  it("runs the request-dependent checks with --request (inline or @file) and reports as JSON", async () => {
    const inline = await validate(brokenPath, "--as", "entities", "--request", request, "--json");
    const atFile = await validate(
      brokenPath,
      "--as",
      "entities",
      "--request",
      `@${file("req.json", request)}`,
      "--json",
    );
    for (const r of [inline, atFile]) {
      expect(r.code).toBe(1);
      const result = JSON.parse(r.out);
      expect(result).toMatchObject({ valid: false, schema: "entities-response" });
      expect(result.checksRun).toContain("edges.predicates_from_include");
      expect(result.findings.map((f: { source: string }) => f.source)).toContain(
        "ext.financial_history.newest_first",
      );
    }
  });

  it("checks an error body against the status given", async () => {
    const body = file("err.json", JSON.stringify({ error: { code: "plan_required" } }));
    const r = await validate(body, "--as", "error", "--status", "403");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /\/error\/required_tier {2}plan_required without required_tier.*\[error\.plan_required_fields\]/,
    );
    expect((await validate(body, "--as", "error", "--status", "400")).out).toMatch(
      /code plan_required on status 400/,
    );
  });

  it("bad input: one-line error and exit 2, never a stack trace", async () => {
    const cases: [string[], RegExp][] = [
      [
        [join(dir, "missing.json"), "--as", "entities"],
        /cannot read .*missing\.json \(ENOENT\) \[CB_FILE_UNREADABLE\]/,
      ],
      [[file("empty.json", " \n"), "--as", "entities"], /is empty \[CB_INPUT_EMPTY\]/],
      [[file("html.json", "<html>"), "--as", "entities"], /is not JSON: .* \[CB_INPUT_NOT_JSON\]/],
      [
        [validPath, "--as", "nonsense"],
        /unknown --as kind "nonsense" \(known: .*entities-response.*\) \[CB_USAGE\]/,
      ],
      [[validPath, "--as", "error", "--status", "99x"], /--status must be an HTTP status/],
      [[validPath, "--as", "entities", "--request", "{nope"], /--request is not JSON/],
      [[dir, "--as", "entities"], /is a directory/],
    ];
    for (const [args, message] of cases) {
      const r = await validate(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(r.err).toMatch(message);
    }
    // Without --as the kind is inferred; a document whose kind cannot be told is a usage error.
    const unknown = await validate(file("unknown.json", '{"x":1}'));
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/cannot tell what kind of document this is; give --as <kind> .*\[CB_USAGE\]/);
  });

  it("never passes an entity read with an invalid node under the generic envelope kind (issue 9.10)", async () => {
    const badNode = file(
      "bad-node.json",
      mutate(valid, (j) => {
        j.data.entities[0].type = "spaceship";
      }).response!.bodyText,
    );
    // The envelope schema alone does not type data, so it cannot judge the node: refused, naming the kind.
    const asEnvelope = await validate(badNode, "--as", "envelope");
    expect(asEnvelope.code).toBe(2);
    expect(asEnvelope.err).toMatch(
      /^cbcheck: --as envelope does not type data; this response fits entities-response .*\[CB_USAGE\]\n$/,
    );
    // Without --as the kind is inferred and the node is judged.
    const inferred = await validate(badNode);
    expect(inferred.code).toBe(1);
    expect(inferred.out).toMatch(/^\/data\/entities\/0\/type {2}/m);
    expect(inferred.err).toMatch(/--as entities-response inferred: data holds entities and edges/);
    const ok = await validate(validPath, "--json");
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({ valid: true, schema: "entities-response" });
    // A search response (data the contract does not show) is still an envelope when the user says so.
    const asSearch = await validate(validPath, "--as", "envelope", "--operation", "search");
    expect(asSearch.code).toBe(0);
  });

  it("judges a wrong shape and a 15 MiB body by their violations; refuses a 50 MB one, exit 2", async () => {
    const wrong = await validate(file("array.json", "[1,2]"), "--as", "resolve");
    expect(wrong.code).toBe(1);
    expect(wrong.out).toMatch(
      /^\/ {2}.+ {2}\[resolve-response\.schema\.json#|^\/ {2}.+ {2}\[envelope\.schema\.json#/m,
    );
    const big = file("big.json", JSON.stringify({ error: { code: "x" }, pad: "a".repeat(15 * 1024 * 1024) }));
    const r = await validate(big, "--as", "error", "--status", "503");
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/additional/i);
    const over = file(
      "over.json",
      JSON.stringify({ error: { code: "x" }, pad: "a".repeat(50 * 1024 * 1024) }),
    );
    const refused = await validate(over, "--as", "error");
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/over the limit of 16777216 bytes \[CB_INPUT_TOO_LARGE\]/);
  });
});

describe("cbcheck validate on stdin, through main(argv, io)", () => {
  const cli = async (args: string[], input: string) => {
    const { code, stdout, stderr } = await runMain(["validate", ...args], { stdin: input });
    return { status: code, stdout, stderr };
  };

  it("reads stdin when no file or - is given, and maps bad input to exit 2 without a stack trace", async () => {
    const ok = await cli(["--as", "entities"], valid.response!.bodyText);
    expect(ok.stderr).toMatch(/^valid/);
    expect(ok.status).toBe(0);
    const bad = await cli(["-", "--as", "entities"], "not json");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^cbcheck: stdin is not JSON: .* \[CB_INPUT_NOT_JSON\]\n$/);
  });

  it("fails a file nested 100,000 deep (whole, or in warnings) with the place, exit 1, no crash", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const whole = await cli(["-", "--as", "resolve"], deep);
    expect(whole.status).toBe(1);
    expect(whole.stdout).toMatch(
      /^\/0(\/0)* {2}body nests deeper than 64 levels .*\[response\.structure_bounded\]$/m,
    );
    const body = valid.response!.bodyText.replace('"warnings":[]', `"warnings":[${deep}]`);
    expect(body).not.toBe(valid.response!.bodyText);
    const warnings = await cli(["-", "--as", "entities", "--json"], body);
    expect(warnings.status).toBe(1);
    const result = JSON.parse(warnings.stdout) as { findings: { pointer: string; source: string }[] };
    expect(result.findings.map((f) => f.source)).toContain("response.structure_bounded");
    expect(result.findings.some((f) => f.pointer === "/warnings/0")).toBe(true);
  });

  it("fails a body of 300,000 {} items by their count, without parsing it, exit 1", async () => {
    const wide = `[${Array(300_000).fill("{}").join(",")}]`;
    const run = await cli(["-", "--as", "resolve"], wide);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /^\/ {2}body holds more than 250000 arrays and objects \(not parsed\).*\[response\.structure_bounded\]\n$/,
    );
  });

  it("judges a document over 1 MiB on the judging worker, with the result of the main thread", async () => {
    const body = invalidResolveBody(20_000);
    expect(body.length).toBeGreaterThan(JUDGE_IN_THREAD_CHARS);
    const r = await validate(file("large.json", body), "--as", "resolve", "--json");
    expect(r.code).toBe(1);
    const expected = validateText(body, resolveValidateOptions({ as: "resolve" }), "large.json");
    const errors = expected.findings.filter((f) => f.severity === "error").length;
    const warnings = expected.findings.length - errors;
    expect(JSON.parse(r.out)).toEqual({ valid: false, errors, warnings, ...expected });
  });

  it("refuses a --deadline-s that is not a positive integer, exit 2", async () => {
    const r = await validate(validPath, "--deadline-s", "0");
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--deadline-s must be an integer >= 1/);
  });
});
