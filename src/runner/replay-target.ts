/**
 * Where `cbcheck replay` sends a recorded request and with which key. A report is a CI artefact anyone who can
 * upload one can edit, so nothing in it chooses a destination or a key: the request goes to the base URL the
 * user gives (`--base-url`), or to the report's own only when the user's configured target (CBCHECK_BASE_URL,
 * the config file) is that very URL, or — nothing configured — when it is on this machine; and the key is
 * read only from the variable the user names (`--api-key-env`, default CB_API_KEY), never from a name the
 * report holds.
 */
import { HarnessError } from "../errors.js";
import { envValue, httpUrl } from "../option-values.js";
import type { Report } from "../report/model.js";
import { isLoopbackUrl } from "./target.js";

/** Where the user says a replay may go, and which variable holds the key. */
export interface ReplayDestination {
  /** The base URL given on the command line: the request goes there (its path relative to the report's base). */
  baseUrl?: string;
  /** The same for a request recorded against the report's alternate base URL (`--alt-base-url`). */
  altBaseUrl?: string;
  /** The user's configured target (CBCHECK_BASE_URL, config): the report's base URL is used when equal to it. */
  configuredBaseUrl?: string;
  /** The configured alternate base URL (CBCHECK_ALT_BASE_URL, config). */
  configuredAltBaseUrl?: string;
  /** The variable holding the key (default CB_API_KEY): the only one read. */
  apiKeyEnv?: string;
}

/** Where a recorded request goes, and why there. */
export interface ReplayTarget {
  /** The base URL the request is sent to. */
  baseUrl: string;
  /** The request's path and query, relative to its base URL. */
  relative: string;
}

const trimmed = (url: string) => url.replace(/\/+$/, "");

/** Which of the report's base URLs the recorded URL is under (the main one first), or a usage error. */
function recordedBase(report: Report, url: string): { base: string; isAlt: boolean } {
  const candidates: [string | undefined, boolean][] = [
    [report.target?.baseUrl, false],
    [report.target?.altBaseUrl, true],
  ];
  for (const [base, isAlt] of candidates)
    if (base && url.startsWith(`${trimmed(base)}/`)) return { base: trimmed(base), isAlt };
  throw new HarnessError("CB_USAGE", `the recorded URL ${url} is not under the report's target`);
}

/**
 * The base URL to send the recorded request at `url` to: the user's, or the report's when the user's
 * configuration confirms it (equal to the configured target, or on this machine with none configured).
 * Throws `CB_USAGE` with one line saying what to pass otherwise; nothing is sent then.
 */
export function replayTarget(report: Report, url: string, d: ReplayDestination): ReplayTarget {
  const { base, isAlt } = recordedBase(report, url);
  const relative = url.slice(base.length);
  const flag = isAlt ? "--alt-base-url" : "--base-url";
  const given = isAlt ? d.altBaseUrl : d.baseUrl;
  if (given !== undefined) return { baseUrl: trimmed(httpUrl(given, flag)), relative };
  const configured = isAlt ? d.configuredAltBaseUrl : d.configuredBaseUrl;
  if (configured !== undefined) {
    if (trimmed(httpUrl(configured, flag)) === base) return { baseUrl: base, relative };
    throw new HarnessError(
      "CB_USAGE",
      `the report's target ${base} is not your configured target ${trimmed(configured)}: nothing sent; ` +
        `pass ${flag} to say where to replay (the report does not decide where a key goes)`,
    );
  }
  if (isLoopbackUrl(base)) return { baseUrl: base, relative };
  throw new HarnessError(
    "CB_USAGE",
    `the report's target ${base} is not on this machine: nothing sent; pass ${flag} ${base} to replay there ` +
      "(the report does not decide where a key goes)",
  );
}

/** The key to send with a recorded request that carried one, and the variable it was read from. */
export function replayKey(
  d: ReplayDestination,
  env: Readonly<Record<string, string | undefined>>,
): { key: string; env: string } {
  const name = d.apiKeyEnv ?? "CB_API_KEY";
  const key = envValue(env, name);
  if (key === undefined)
    throw new HarnessError("CB_NO_KEY", `$${name} is unset or empty: the replayed request needs its key`);
  return { key, env: name };
}
