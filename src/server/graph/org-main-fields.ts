/**
 * Org payload fields that only main units carry (group, accounts, capital, texts) and the signing-rights
 * fields (contract: Payload of `org`, Signing rights).
 */
import { financeRow, financeShape } from "./finance.js";
import { ownedBy, topOwner } from "./ownership.js";
import { type Payload, put } from "./payload.js";
import { Rng, SALT } from "./prng.js";
import type { OrgCore, World } from "./world.js";

const STATUSES = ["available", "none", "unavailable"] as const;

/** Whether an organisation is registered as part of a group (depends on ownership). */
function isInGroup(world: World, i: number): boolean {
  const rng = new Rng(world.seed, SALT.org, i, 99);
  if (topOwner(world, i)) return rng.chance(0.6);
  return ownedBy(world, i).length > 0 && rng.chance(0.7);
}

/** Fields that only main units carry: group, accounts, capital, texts. */
export function addMainFields(world: World, core: OrgCore, rng: Rng, p: Payload): void {
  const i = core.index;
  put(p, "is_in_group", rng.chance(0.04) ? null : isInGroup(world, i));
  put(
    p,
    "registered_in_vat",
    rng.maybe(() => rng.chance(0.7)),
  );
  const [rows, newest] = financeShape(world.seed, i, true, core.place.rich);
  if (rows > 0) {
    const row = financeRow(world.seed, i, newest, newest);
    p.last_annual_report_year = newest;
    p.revenue = row.revenue;
    p.operating_profit = row.operating_result;
    p.equity = row.total_equity;
    p.total_assets = row.total_assets;
    p.financial_year = newest;
  } else {
    put(p, "last_annual_report_year", rng.chance(0.5) ? null : undefined);
    put(p, "revenue", rng.chance(0.5) ? null : undefined);
    put(p, "financial_year", rng.chance(0.5) ? null : undefined);
  }
  if (core.form[0] === "AS" || core.form[0] === "ASA") {
    const shares = rng.pick([30, 100, 1000, 30000, 1_000_000]);
    put(
      p,
      "share_capital",
      rng.maybe(() => shares * rng.pick([1, 10, 100])),
    );
    put(
      p,
      "share_capital_currency",
      rng.maybe(() => "NOK"),
    );
    put(
      p,
      "share_count",
      rng.maybe(() => shares),
    );
    put(
      p,
      "capital_registered_at",
      rng.maybe(() => rng.date(1990, 2024)),
    );
    put(
      p,
      "vedtekts_date",
      rng.maybe(() => rng.date(1990, 2024)),
    );
  }
  const purpose = `${core.nace[1]} og det som naturlig hører sammen med dette`;
  put(
    p,
    "purpose",
    rng.maybe(() => purpose),
  );
  put(
    p,
    "purpose_lines",
    rng.maybe(() => [purpose, "samt deltakelse i andre selskaper"]),
  );
  put(
    p,
    "activity",
    rng.maybe(() => core.nace[1]),
  );
  put(
    p,
    "activity_lines",
    rng.maybe(() => [core.nace[1]]),
  );
}

/** Signing rights: text only when the status is `available`. */
export function addSigning(rng: Rng, p: Payload, isSub: boolean): void {
  if (isSub && rng.chance(0.7)) return;
  const signature = rng.pick(STATUSES);
  p.signature_status = signature;
  put(
    p,
    "signature_text",
    signature === "available"
      ? "Daglig leder alene eller to styremedlemmer i fellesskap."
      : rng.chance(0.5)
        ? null
        : undefined,
  );
  const procuration = rng.chance(0.05) ? null : rng.pick(STATUSES);
  p.procuration_status = procuration;
  put(p, "procuration_text", procuration === "available" ? "Prokura hver for seg." : null);
}
