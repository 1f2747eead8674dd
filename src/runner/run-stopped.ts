/**
 * Thrown inside a run when it must stop early: the call budget (`--max-calls`), the overall deadline or
 * the failures asked for (`--max-failures`) are reached, or the target answered the main key with 401/402/403 where no suite expected it
 * (contract, Authentication 3 and the client library's `fatal`: "the run must stop"), or the target
 * stopped answering (calls in a row without a response, or 429s in a row: see give-up.ts).
 * An interruption (SIGINT/SIGTERM through `RunHooks.signal`) stops it the same way.
 * The engine catches it, notes it in the report, and runs no further suite.
 */
export class RunStopped extends Error {
  constructor(
    readonly reason:
      | "max-calls"
      | "max-failures"
      | "deadline"
      | "fatal-status"
      | "interrupted"
      | "target-unresponsive"
      | "rate-limited",
    message: string,
  ) {
    super(message);
    this.name = "RunStopped";
  }
}
