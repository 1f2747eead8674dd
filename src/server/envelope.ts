/**
 * The response envelope of every data operation (Resources / Response envelope): all fields, nothing else.
 */
import { randomUUID } from "node:crypto";

/** The parts of an envelope an operation decides. */
export interface EnvelopeParts {
  asOf: string;
  data: unknown;
  /** Node ids delivered (capped at 200). */
  entities: string[];
  requested: string[];
  missing: string[];
  truncated: boolean;
  cursor: [string, number] | null;
  nextHint: string | null;
  units: number;
  unitType: "record" | "premium_record";
  creditsCharged: number;
  balance: number;
  warnings: string[];
}

/** The envelope, in contract field order. */
export interface Envelope {
  contract: string;
  request_id: string;
  as_of: string;
  data: unknown;
  entities: string[];
  evidence: unknown[];
  coverage: { requested: string[]; missing: string[]; reason: string | null };
  truncated: boolean;
  cursor: [string, number] | null;
  next_hint: string | null;
  cost: {
    units: number;
    unit_type: string;
    credits_charged: number;
    credits_reserved: number;
    balance: number;
  };
  warnings: string[];
}

/** Builds the envelope (contract `cb/v1`, fresh uuid, `evidence` empty, `credits_reserved` 0). */
export function envelope(p: EnvelopeParts): Envelope {
  return {
    contract: "cb/v1",
    request_id: randomUUID(),
    as_of: p.asOf,
    data: p.data,
    entities: p.entities.length > 200 ? p.entities.slice(0, 200) : p.entities,
    evidence: [],
    coverage: {
      requested: p.requested,
      missing: p.missing.length > 100 ? p.missing.slice(0, 100) : p.missing,
      reason: p.missing.length > 0 ? "not_found" : null,
    },
    truncated: p.truncated,
    cursor: p.cursor,
    next_hint: p.nextHint,
    cost: {
      units: p.units,
      unit_type: p.unitType,
      credits_charged: p.creditsCharged,
      credits_reserved: 0,
      balance: Math.max(0, p.balance),
    },
    warnings: p.warnings,
  };
}
