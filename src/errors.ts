/**
 * Harness errors: the tool, its input or its environment failed (exit 2).
 * Contract violations are never errors; they are `CheckFailure`s (exit 1).
 */
export class HarnessError extends Error {
  /** Stable machine-readable code, e.g. `CB_USAGE`, `CB_FILE_UNREADABLE`, `CB_TARGET_UNREACHABLE`. */
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "HarnessError";
    this.code = code;
  }
}

/** Exit codes shared by every command. */
export const EXIT = { pass: 0, violation: 1, usage: 2 } as const;
