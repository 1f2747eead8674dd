import { describe, expect, it } from "vitest";
import { HarnessError } from "./errors.js";
import { envValue, httpUrl, integerIn, jsonPointer, numberIn, requireApiKey } from "./option-values.js";

/** A HarnessError with `code` whose message matches `pattern`. */
const harness = (code: string, pattern: RegExp) =>
  expect.objectContaining({ name: "HarnessError", code, message: expect.stringMatching(pattern) });

describe("option values", () => {
  it("integerIn takes the CLI's text and code's numbers alike, within its range", () => {
    expect([integerIn("7", "--runs"), integerIn(7, "--runs"), integerIn(" 0 ", "--seed", 0)]).toEqual([
      7, 7, 0,
    ]);
    expect(integerIn("16", "--concurrency", 1, 16)).toBe(16);
    expect(() => integerIn("0", "--runs")).toThrow(
      harness("CB_USAGE", /^--runs must be an integer >= 1, got "0"$/),
    );
    for (const bad of ["17", "2.5", "two", "", "1e3"]) {
      expect(() => integerIn(bad, "--concurrency", 1, 16)).toThrow(
        harness("CB_USAGE", /^--concurrency must be an integer from 1 to 16, got ".*"$/),
      );
    }
    expect(() => integerIn(2.5, "--runs")).toThrow(harness("CB_USAGE", /--runs/));
  });

  it("numberIn bounds a number, the minimum included unless excluded", () => {
    expect([numberIn("1.5", "--duration", 0.1, 3600), numberIn(0.1, "--duration", 0.1, 3600)]).toEqual([
      1.5, 0.1,
    ]);
    expect(() => numberIn("x", "--duration", 0.1, 3600)).toThrow(
      harness("CB_USAGE", /^--duration must be a number from 0.1 to 3600, got "x"$/),
    );
    expect(numberIn("0.5", "--timeout-s", 0, 86_400, true)).toBe(0.5);
    expect(() => numberIn("0", "--timeout-s", 0, 86_400, true)).toThrow(
      harness("CB_USAGE", /^--timeout-s must be a number above 0 and at most 86400, got "0"$/),
    );
  });

  it("jsonPointer accepts RFC 6901 pointers and refuses anything else with CB_USAGE", () => {
    for (const ok of ["", "/", "/request_id", "/cost/balance", "/a~0b/c~1d", "/data/*/as_of", "/ sp"])
      expect(jsonPointer(ok, "--alt-ignore")).toBe(ok);
    for (const bad of ["request_id", "cost/balance", "/a~b", "/a~", "~1x", "#/a"]) {
      const error = (() => {
        try {
          jsonPointer(bad, "--alt-ignore");
        } catch (e) {
          return e;
        }
      })();
      expect(error, bad).toBeInstanceOf(HarnessError);
      expect((error as HarnessError).code).toBe("CB_USAGE");
      expect((error as HarnessError).message).toBe(
        `--alt-ignore ${JSON.stringify(bad)} is not a JSON pointer (RFC 6901: "" or "/a/b", with ~0 for ~ and ~1 for /)`,
      );
    }
  });

  it("httpUrl accepts http(s) roots without query or fragment and drops trailing slashes", () => {
    expect(httpUrl("http://127.0.0.1:8080/v1/", "--base-url")).toBe("http://127.0.0.1:8080/v1");
    expect(() => httpUrl("nope", "--base-url")).toThrow(harness("CB_USAGE", /--base-url is not a URL/));
    expect(() => httpUrl("ftp://x", "--base-url")).toThrow(harness("CB_USAGE", /must be an http\(s\) URL/));
    expect(() => httpUrl("http://x/v1?a=1", "--base-url")).toThrow(harness("CB_USAGE", /query or fragment/));
  });

  it("httpUrl refuses credentials in the URL without repeating them, pointing to the environment", () => {
    for (const url of [
      "http://user:s3cr3tpw@127.0.0.1:8080/v1",
      "https://s3cr3tpw@x/v1",
      "ftp://u:s3cr3tpw@x",
    ]) {
      let message = "";
      try {
        httpUrl(url, "--base-url");
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/must not carry credentials.*CB_API_KEY/);
      expect(message).not.toContain("s3cr3tpw");
    }
    expect(() => httpUrl("http://u:s3cr3tpw@[bad", "--base-url")).toThrow(/not a URL: "http:\/\/<redacted>@/);
  });

  it("reads a key only from the named variable of the environment given; empty counts as unset", () => {
    const env = { MY_KEY: "k", EMPTY: "" };
    expect([envValue(env, "MY_KEY"), envValue(env, "EMPTY"), envValue(env, "UNSET")]).toEqual([
      "k",
      undefined,
      undefined,
    ]);
    expect(() => envValue(env, "not a name")).toThrow(
      harness("CB_USAGE", /not an environment variable name/),
    );
    expect(requireApiKey(env, "MY_KEY")).toBe("k");
    expect(() => requireApiKey(env, "EMPTY")).toThrow(
      harness("CB_NO_KEY", /^no API key: set the environment variable EMPTY$/),
    );
  });
});
