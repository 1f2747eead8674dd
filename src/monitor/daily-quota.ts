/**
 * The key's daily quota as `/me` shows it (Other operations: "`credential` for the key used: … `limits`, `used`
 * (today and this month), `resets` (when the day and month counters reset, UTC)"; Limits: calls and records per
 * day). The complete shape is "not shown": this reads what it can find — `used.today.<calls|records>` and a
 * number under `limits` whose name speaks of that count per day — and nothing when the target shows neither.
 */

/** One daily count: used so far and the limit. */
export interface DailyCount {
  used: number;
  limit: number;
}

/** What `/me` showed of the daily quota. */
export interface DailyQuota {
  calls?: DailyCount;
  records?: DailyCount;
  /** When the day's counters reset (epoch ms), when shown. */
  resetsAt?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

function limitOf(limits: Record<string, unknown>, what: "calls" | "records"): number | undefined {
  for (const [name, value] of Object.entries(limits)) {
    if (!isCount(value)) continue;
    const n = name.toLowerCase();
    if (n.includes(what.slice(0, -1)) && (n.includes("day") || n.includes("daily"))) return value;
  }
  return undefined;
}

/** The daily quota in a `/me` body, as far as it shows one. */
export function readDailyQuota(body: unknown): DailyQuota {
  const credential = isObject(body) ? body.credential : undefined;
  if (!isObject(credential)) return {};
  const limits = isObject(credential.limits) ? credential.limits : {};
  const used = isObject(credential.used) ? credential.used : {};
  const today = isObject(used.today) ? used.today : {};
  const quota: DailyQuota = {};
  for (const what of ["calls", "records"] as const) {
    const limit = limitOf(limits, what);
    const count = today[what];
    if (limit !== undefined && limit > 0 && isCount(count)) quota[what] = { used: count, limit };
  }
  const resets = isObject(credential.resets) ? credential.resets.day : undefined;
  const at = typeof resets === "string" ? Date.parse(resets) : Number.NaN;
  if (Number.isFinite(at)) quota.resetsAt = at;
  return quota;
}

/** The next UTC midnight after `now`. */
export function nextUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
}

/**
 * When the quota is near (a count at `stopAt` of its limit or past it): until when to stop spending (the
 * reset shown, else the next UTC midnight, never more than a day ahead) and why; undefined while it is not.
 */
export function quotaStop(
  quota: DailyQuota,
  stopAt: number,
  now: number,
): { until: number; reason: string } | undefined {
  for (const what of ["calls", "records"] as const) {
    const count = quota[what];
    if (!count || count.used < count.limit * stopAt) continue;
    const reset =
      quota.resetsAt !== undefined && quota.resetsAt > now ? quota.resetsAt : nextUtcMidnight(now);
    return {
      until: Math.min(reset, now + 86_400_000),
      reason: `daily quota: ${count.used} of ${count.limit} ${what} used today (--quota-stop-at ${stopAt})`,
    };
  }
  return undefined;
}

/** What is left before `stopAt` of the tighter daily count, or undefined when `/me` shows none. */
export function quotaLeft(quota: DailyQuota, stopAt: number): number | undefined {
  const left = (["calls", "records"] as const)
    .map((w) => quota[w])
    .filter((c): c is DailyCount => c !== undefined)
    .map((c) => Math.max(0, Math.floor(c.limit * stopAt) - c.used));
  return left.length > 0 ? Math.min(...left) : undefined;
}
