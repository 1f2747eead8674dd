/**
 * One cell of the hostile matrix: how `command` is called against the target of case `c` (its deadline,
 * timeout and signal), in `dir`. Shared by the in-process matrix (target-matrix.ts) and bench/hostile.ts.
 */
import type { RunningServer } from "../../server/types.js";
import { type CommandPlan, PLAN, type TargetCommand } from "./hostile-commands.js";
import {
  DEFAULT_DEADLINE_S,
  DEFAULT_TIMEOUT_MS,
  ECHOED_KEY,
  type TargetCase,
} from "./hostile-target-cases.js";
import type { HostileTarget } from "./hostile-targets.js";

/** The call of `command` against `target` for case `c`, counting only the requests it sends from now. */
export function planTargetCase(
  c: TargetCase,
  command: TargetCommand,
  target: HostileTarget,
  dir: string,
  reference: RunningServer,
): CommandPlan {
  // An interruption waits for this command's first request, not an earlier command's.
  const before = target.hits();
  return PLAN[command]({
    baseUrl: target.baseUrl,
    key: ECHOED_KEY,
    dir,
    reference,
    hits: () => target.hits() - before,
    deadlineS: c.deadlineS ?? DEFAULT_DEADLINE_S,
    timeoutMs: c.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(c.signal ? { signal: c.signal } : {}),
  });
}
