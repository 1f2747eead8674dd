/**
 * Issue 26, finding 7: every function of the package entry refuses options of the wrong JavaScript type (a
 * caller in plain JavaScript, or past a cast) with the documented `HarnessError` `CB_USAGE`, never a
 * `TypeError` or `RangeError` from inside. Nothing is started or sent for them.
 */
import { describe, expect, it } from "vitest";
import {
  CbClient,
  formatLines,
  HarnessError,
  linesForFailedChunk,
  linesForServedChunk,
  run,
  startServer,
  validate,
} from "./index.js";

/** The error `call` throws or rejects with. */
async function errorOf(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: the point is to pass what the types forbid.
type Loose = any;

const CASES: [string, () => unknown, RegExp][] = [
  [
    "run({ suites: 'http' })",
    () => run({ suites: "http" as Loose }),
    /^run: option suites must be a string\[\], got the string "http"$/,
  ],
  ["run('http')", () => run("http" as Loose), /^run: options must be an object/],
  ["run({ seed: '1' })", () => run({ seed: "1" as Loose }), /^run: option seed must be a number/],
  [
    "run({ env: { K: 1 } })",
    () => run({ env: { K: 1 } as Loose }),
    /^run: option env must be a string record/,
  ],
  ["run({ suite: ['http'] })", () => run({ suite: ["http"] } as Loose), /^run: unknown option "suite"/],
  [
    "run({ onProgress: 'x' })",
    () => run({ onProgress: "x" as Loose }),
    /^run: option onProgress must be a function/,
  ],
  ["validate(1, {})", () => validate(1 as Loose, {}), /^validate: kind must be a string, got number 1$/],
  [
    "validate('entities', {}, { path: 3 })",
    () => validate("entities", {}, { path: 3 as Loose }),
    /^validate: request: option path must be a string/,
  ],
  [
    "validate('entities', {}, {})",
    () => validate("entities", {}, {} as Loose),
    /^validate: request\.path must be a string/,
  ],
  [
    "validate(…, { status: '200' })",
    () => validate("error", {}, undefined, { status: "200" as Loose }),
    /^validate: option status/,
  ],
  [
    "startServer({ port: '80' })",
    () => startServer({ port: "80" as Loose }),
    /^startServer: option port must be a number/,
  ],
  [
    "startServer({ rateLimit: -1 })",
    () => startServer({ rateLimit: -1 }),
    /^startServer: rateLimit must be an integer/,
  ],
  ["startServer({ mutation: 'nope' })", () => startServer({ mutation: "nope" }), /^startServer: /],
  [
    "new CbClient({ baseUrl: 1 })",
    () => new CbClient({ baseUrl: 1 as Loose, apiKey: "k" }),
    /^CbClient: option baseUrl/,
  ],
  ["new CbClient(undefined)", () => new CbClient(undefined as Loose), /^CbClient: baseUrl is required$/],
  [
    "new CbClient({ baseUrl })",
    () => new CbClient({ baseUrl: "http://x/v1" } as Loose),
    /^CbClient: apiKey is required$/,
  ],
  [
    "linesForServedChunk('id', {}, [])",
    () => linesForServedChunk("id" as Loose, {}, []),
    /^linesForServedChunk: ids must be a string\[\]/,
  ],
  [
    "linesForServedChunk([], null, [])",
    () => linesForServedChunk([], null, []),
    /^linesForServedChunk: served must be an object/,
  ],
  [
    "linesForFailedChunk([], '429', 'x')",
    () => linesForFailedChunk([], "429" as Loose, "x"),
    /^linesForFailedChunk: status/,
  ],
  ["formatLines('x')", () => formatLines("x" as Loose), /^formatLines: lines must be an object\[\]/],
];

describe("the library refuses options of the wrong type with CB_USAGE", () => {
  for (const [name, call, message] of CASES) {
    it(name, async () => {
      const error = await errorOf(call);
      expect(error).toBeInstanceOf(HarnessError);
      expect((error as HarnessError).code).toBe("CB_USAGE");
      expect((error as HarnessError).message).toMatch(message);
    });
  }

  it("still accepts what the types allow", async () => {
    expect(
      validate("error", { error: { code: "invalid_request", message: "m" } }, undefined, { status: 400 })
        .schema,
    ).toBe("error");
    expect(linesForFailedChunk(["a"], 429, "volume_limit")).toEqual([
      { id: "a", failed: true, status: 429, code: "volume_limit" },
    ]);
    expect(formatLines([{ id: "a", missing: true }])).toBe('{"id":"a","missing":true}\n');
    expect(
      () => new CbClient({ baseUrl: "http://127.0.0.1:9/v1", apiKey: "k", timeoutMs: 1000 }),
    ).not.toThrow();
  });
});
