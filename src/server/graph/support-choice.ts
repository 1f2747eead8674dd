/**
 * Which scheme and period the n-th support fact of an organisation belongs to; shared by the fact's
 * payload and its RECEIVED_SUPPORT edge so both name the same scheme and period.
 */
import { SCHEME_COUNT, SCHEME_YEARS, schemeKey } from "./catalog-nodes.js";
import { hash, SALT } from "./prng.js";

/** Scheme of a support fact. */
export interface SupportChoice {
  scheme: number;
  schemeId: string;
  year: number;
}

/** Scheme index, its scheme id and the period year of a support fact. */
export function supportChoice(seed: number, owner: number, n: number): SupportChoice {
  const h = hash(seed, SALT.satellites, owner, 5000 + n);
  const scheme = h % SCHEME_COUNT;
  return {
    scheme,
    schemeId: schemeKey(scheme).schemeId,
    year: SCHEME_YEARS[(h >>> 8) % SCHEME_YEARS.length],
  };
}
