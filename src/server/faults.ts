/**
 * Scripted faults for client certification (`faultPlan`): a step answers instead of the server when its
 * call number comes up; a sticky step keeps answering afterwards.
 */
import type { OperationId } from "../transport/exchange.js";
import { errorReply, type Reply } from "./http/reply.js";
import type { FaultStep } from "./types.js";

/** Fault plan progress of one server. */
export class FaultState {
  private readonly pending: FaultStep[];
  private readonly sticky: FaultStep[] = [];

  constructor(steps: FaultStep[]) {
    this.pending = [...steps];
  }

  /** The step that answers this call, if any (consuming it). */
  match(call: number, operation: OperationId, callOfOperation: number): FaultStep | undefined {
    if (this.pending.length === 0 && this.sticky.length === 0) return undefined;
    const i = this.pending.findIndex((s) =>
      s.operation === undefined ? s.call === call : s.operation === operation && s.call === callOfOperation,
    );
    if (i >= 0) {
      const [step] = this.pending.splice(i, 1);
      if (step.sticky) this.sticky.push(step);
      return step;
    }
    return this.sticky.find((s) => s.operation === undefined || s.operation === operation);
  }

  /** Steps not consumed yet. */
  remaining(): FaultStep[] {
    return [...this.pending];
  }
}

/** The reply a fault step scripts: the contract's error body plus `Retry-After` / `WWW-Authenticate`. */
export function faultReply(step: FaultStep, metadataUrl: string): Reply {
  const headers: Record<string, string> = {};
  if (step.retryAfterSeconds !== undefined) headers["retry-after"] = String(step.retryAfterSeconds);
  if (step.status === 401) headers["www-authenticate"] = `Bearer resource_metadata="${metadataUrl}"`;
  return errorReply(step.status, step.code, { extra: step.extra, headers });
}
