/**
 * Parsers of option values shared by every command: integers and numbers in a range, http(s) URLs,
 * environment variable names and the API key read from one. Each takes the value as the CLI gives it (text)
 * or as code gives it (a number), so the CLI's flag parsers and the option resolvers call the same function,
 * and each throws HarnessError `CB_USAGE` naming the flag, in one line (exit 2).
 */
import { HarnessError } from "./errors.js";

/** A harness error code (whatever type `HarnessError` gives its codes). */

/** An integer from `min` (default 1), up to `max` when given, from a number or a decimal string. */
export function integerIn(value: number | string, flag: string, min = 1, max?: number): number {
  const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || (max !== undefined && n > max)) {
    const range = max === undefined ? `>= ${min}` : `from ${min} to ${max}`;
    throw new HarnessError("CB_USAGE", `${flag} must be an integer ${range}, got "${value}"`);
  }
  return n;
}

/** A finite number from `min` (or above it, when `isMinExcluded`) to `max`, from a number or a string. */
export function numberIn(
  value: number | string,
  flag: string,
  min: number,
  max: number,
  isMinExcluded = false,
): number {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n) || n < min || (isMinExcluded && n === min) || n > max) {
    const range = isMinExcluded ? `above ${min} and at most ${max}` : `from ${min} to ${max}`;
    throw new HarnessError("CB_USAGE", `${flag} must be a number ${range}, got "${value}"`);
  }
  return n;
}

/** `text` with any `user:password@` part hidden, for error messages. */
function withoutUserInfo(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, "$1<redacted>@");
}

/**
 * An absolute http(s) URL without credentials, query or fragment, returned without a trailing slash.
 * Credentials in a URL would be written to every report and log line, so they are refused (keys come from
 * environment variables only).
 */
export function httpUrl(text: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HarnessError("CB_USAGE", `${flag} is not a URL: "${withoutUserInfo(text)}"`);
  }
  if (url.username || url.password) {
    throw new HarnessError(
      "CB_USAGE",
      `${flag} must not carry credentials (user:password@): they would end up in reports and logs; ` +
        "remove them and give the API key in an environment variable (--api-key-env, default CB_API_KEY)",
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new HarnessError("CB_USAGE", `${flag} must be an http(s) URL, got "${text}"`);
  }
  if (url.search || url.hash)
    throw new HarnessError("CB_USAGE", `${flag} must not carry a query or fragment`);
  return url.toString().replace(/\/+$/, "");
}

/**
 * A JSON pointer (RFC 6901: empty, or `/`-separated segments in which `~` appears only as `~0` or `~1`), as
 * `--alt-ignore` and `compare --ignore` take them; anything else would match no field and fail a comparison
 * on the first difference instead of being refused.
 */
export function jsonPointer(text: string, flag: string): string {
  if (text === "" || (text.startsWith("/") && !/~(?![01])/.test(text))) return text;
  throw new HarnessError(
    "CB_USAGE",
    `${flag} ${JSON.stringify(text)} is not a JSON pointer (RFC 6901: "" or "/a/b", with ~0 for ~ and ~1 for /)`,
  );
}

/** An environment variable name (`--api-key-env`, `--free-api-key-env`). */
export function envVarName(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new HarnessError("CB_USAGE", `"${name}" is not an environment variable name`);
  }
  return name;
}

/** The value of the environment variable `name` in `env`; empty counts as unset. */
export function envValue(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
): string | undefined {
  const value = env[envVarName(name)];
  return value === undefined || value === "" ? undefined : value;
}

/** The API key held by the environment variable `name`; unset or empty is a harness error `CB_NO_KEY`. */
export function requireApiKey(env: Readonly<Record<string, string | undefined>>, name: string): string {
  const key = envValue(env, name);
  if (key === undefined)
    throw new HarnessError("CB_NO_KEY", `no API key: set the environment variable ${name}`);
  return key;
}
