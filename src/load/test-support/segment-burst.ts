/**
 * A segment's rate-limit burst for tests of `load --merge` (limit 20 per 2 s): `ok` 2xx then `refused` 429
 * sent one every `stepMs` from `startMs`, each answered in `spanMs` (2), its harness kept up.
 */
import type { BurstDetails, BurstHarness, BurstSpan } from "../segment-rate-limit.js";

/** Epoch ms the bursts start from. */
export const T0 = Date.parse("2026-05-04T12:00:00Z");

/** The burst; `harness` replaces any of its harness figures (or `null` for a report without them). */
export function segmentBurst(
  ok: number,
  refused: number,
  {
    startMs = 0,
    stepMs = 5,
    spanMs = 2,
    harness = {},
  }: { startMs?: number; stepMs?: number; spanMs?: number; harness?: Partial<BurstHarness> | null } = {},
): BurstDetails {
  const spans: BurstSpan[] = Array.from({ length: ok + refused }, (_, i) => {
    const sentAt = T0 + startMs + i * stepMs;
    return [sentAt, sentAt + spanMs, i < ok ? 200 : 429];
  });
  const kept = { sent: spans.length, lateSends: 0, lateMs: 0, delayMs: 0, ...harness };
  return {
    calls: 20,
    windowSeconds: 2,
    concurrency: 1,
    spans,
    ...(harness === null ? {} : { harness: kept }),
  };
}
