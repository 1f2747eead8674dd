/**
 * A `DriveResult` for tests that judge or report a phase without driving one: 500 calls answered in 10 s,
 * nothing lost, nothing late; each test overrides what it is about.
 */
import type { DriveResult } from "../drive-load.js";

/** A drive that kept its schedule; `o` replaces any field. */
export function driveResult(o: Partial<DriveResult> = {}): DriveResult {
  return {
    sent: 500,
    responses: 500,
    transportErrors: 0,
    timeouts: 0,
    closedByServer: 0,
    startedAt: 0,
    activeMs: 10_000,
    durationMs: 10_000,
    maxInFlight: 8,
    maxInFlightByItem: {},
    lateSends: 0,
    lateMs: 0,
    ...o,
  };
}
