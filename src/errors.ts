/**
 * Harness errors: the tool, its input or its environment failed (exit 2).
 * Contract violations are never errors; they are `CheckFailure`s (exit 1).
 */

/**
 * Every harness error code, one per condition, with the condition it names. docs/exit-codes.md lists the
 * same codes (src/errors.test.ts keeps the two in sync); callers match on the code, never on the message.
 */
export const HARNESS_ERROR_CODES = {
  CB_USAGE: "a flag, argument or option value is missing, unknown, malformed or out of range",
  CB_NO_KEY: "the environment variable that should hold the API key is unset or empty",
  CB_FILE_UNREADABLE:
    "an input file (or directory) cannot be read: missing, a directory, a FIFO, a device such as `/dev/zero`, no permission",
  CB_INPUT_EMPTY: "the input to validate is empty",
  CB_INPUT_TOO_LARGE: "an input file or stdin is over the size limit",
  CB_INPUT_NOT_JSON: "an input file (document, fixtures, load profile, report) is not JSON",
  CB_INPUT_INVALID: "an input file is JSON but not the shape it must have (fixtures, load profile, report)",
  CB_FIXTURES: "no usable ids: discovery found none through /resolve, or a server offers too few",
  CB_OUTPUT_UNWRITABLE: "an output file or the report directory cannot be written",
  CB_TARGET_UNREACHABLE: "the target cannot be reached (connection refused, unknown host)",
  CB_REMOTE_LOAD: "load against a non-loopback target without --allow-remote-load",
  CB_EMBEDDED_SERVER: "the embedded reference server did not start, or named no base or alternate base URL",
  CB_PORT_IN_USE: "cbcheck serve: the port is already in use",
  CB_LISTEN: "cbcheck serve: cannot listen on the host and port (address not available, no permission)",
  CB_COMMAND_NOT_FOUND: "cbcheck certify-client: the client command is not found or not executable",
  CB_CLIENT_DID_NOT_START:
    "cbcheck certify-client: the client ended before its first call (a bad command, a syntax error, a missing module)",
  CB_LOAD_DRIVER: "the pinned autocannon internals that cbcheck load needs have changed",
  CB_STOPPED:
    "the run stopped (budget, deadline, fatal status, a target that gave only 429s) before every verdict, or checks stayed inconclusive; validate: judging did not finish (--deadline-s, memory limit)",
  CB_SCHEMAS_MISSING: "the schemas directory of the installation cannot be read",
  CB_SCHEMA_INVALID: "a schema file of the installation is not JSON, not an object, or does not compile",
  CB_UNKNOWN_SCHEMA: "a schema name that is not a file in schemas/",
  CB_MERGE_MISMATCH:
    "cbcheck merge: the reports are not the shards of one run (version, seed, target, shards); " +
    "cbcheck load --merge: the reports are not the N distinct segments of one run (version, target, seed, plan, N, --start-at; a segment missing or twice)",
  CB_OUT_OF_MEMORY:
    "cbcheck ran out of memory while sending a request or reading a response (an allocation failed under a memory limit): a fault of the machine, not of the target",
  CB_STATE_MISMATCH:
    "cbcheck monitor: the state file belongs to another target (--base-url, --alt-base-url) or another format version",
} as const;

/** A harness error code: a union, so a misspelt code does not compile. */
export type HarnessErrorCode = keyof typeof HARNESS_ERROR_CODES;

/** The tool, its input or its environment failed (exit 2); `code` says which condition. */
export class HarnessError extends Error {
  /** Stable machine-readable code, e.g. `CB_USAGE`, `CB_FILE_UNREADABLE`, `CB_TARGET_UNREACHABLE`. */
  readonly code: HarnessErrorCode;

  constructor(code: HarnessErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "HarnessError";
    this.code = code;
  }
}

/** Exit codes shared by every command. */
export const EXIT = { pass: 0, violation: 1, usage: 2 } as const;
