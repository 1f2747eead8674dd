/**
 * The monitor's budgets, kept in the state so that a restart does not spend them again: calls in the last hour
 * (per minute, counted whole while any part of the minute is in the hour, so the count is never below the true
 * one), calls and credits of the UTC day, and a hold (a Retry-After, a daily quota near its end) before which
 * nothing is sent. Every read takes the time from the caller (the monitor's clock).
 */
import type { MonitorState } from "./state-file.js";

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** The budget part of a state, with the limits it is spent against. */
export class CallBudget {
  constructor(
    readonly budget: MonitorState["budget"],
    readonly limits: { maxCallsPerHour: number; maxCreditsPerDay: number },
  ) {}

  /** Forgets minutes past the hour, and the counts of a UTC day that has ended. */
  #roll(now: number): void {
    this.budget.minutes = this.budget.minutes.filter((m) => m.minute + MINUTE > now - HOUR);
    const day = new Date(now).toISOString().slice(0, 10);
    if (day !== this.budget.day) {
      this.budget.day = day;
      this.budget.callsToday = 0;
      this.budget.creditsToday = 0;
    }
  }

  /** Calls in the hour up to `now`. */
  callsInLastHour(now: number): number {
    this.#roll(now);
    return this.budget.minutes.reduce((n, m) => n + m.calls, 0);
  }

  /** Calls that may still be sent in the hour up to `now`. */
  callsLeft(now: number): number {
    return Math.max(0, this.limits.maxCallsPerHour - this.callsInLastHour(now));
  }

  /** Milliseconds until `calls` fit in the hour (0: now); `calls` above the hourly limit never fit. */
  msUntilFits(calls: number, now: number): number {
    let needed = calls - this.callsLeft(now);
    if (needed <= 0) return 0;
    for (const m of [...this.budget.minutes].sort((a, b) => a.minute - b.minute)) {
      needed -= m.calls;
      if (needed <= 0) return m.minute + MINUTE + HOUR - now;
    }
    return Number.POSITIVE_INFINITY;
  }

  /** Counts one call sent at `now`. */
  spendCall(now: number): void {
    this.#roll(now);
    const minute = Math.floor(now / MINUTE) * MINUTE;
    const last = this.budget.minutes.at(-1);
    if (last && last.minute === minute) last.calls++;
    else this.budget.minutes.push({ minute, calls: 1 });
    this.budget.callsToday++;
  }

  /** Counts credits charged at `now`. */
  spendCredits(credits: number, now: number): void {
    this.#roll(now);
    this.budget.creditsToday += credits;
  }

  /** Credits that may still be spent today. */
  creditsLeft(now: number): number {
    this.#roll(now);
    return Math.max(0, this.limits.maxCreditsPerDay - this.budget.creditsToday);
  }

  /** Nothing is sent before `until` (never shortens a longer hold). */
  holdUntil(until: number, reason: string): void {
    const current = this.budget.holdUntil ? Date.parse(this.budget.holdUntil) : 0;
    if (until <= current) return;
    this.budget.holdUntil = new Date(until).toISOString();
    this.budget.holdReason = reason;
  }

  /** The hold in force at `now` (a past one is forgotten). */
  hold(now: number): { ms: number; reason: string } | undefined {
    if (!this.budget.holdUntil) return undefined;
    const ms = Date.parse(this.budget.holdUntil) - now;
    if (ms > 0) return { ms, reason: this.budget.holdReason ?? "hold" };
    delete this.budget.holdUntil;
    delete this.budget.holdReason;
    return undefined;
  }
}
