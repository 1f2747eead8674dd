/**
 * Reading sub-unit lists out of an entity-read response (Resources / Extensions).
 */
import type { Exchange } from "../../transport/exchange.js";

interface EntityData {
  extensions?: { subunits?: Record<string, unknown> };
  extensions_truncated?: { subunits?: unknown };
}

function dataOf(ex: Exchange): EntityData | undefined {
  if (ex.response?.status !== 200) return undefined;
  return (ex.response.json as { data?: EntityData } | undefined)?.data;
}

/** The number of sub-units returned for one organisation number, when a list came back. */
export function subunitCount(ex: Exchange, orgNr: string): number | undefined {
  const list = dataOf(ex)?.extensions?.subunits?.[orgNr];
  return Array.isArray(list) ? list.length : undefined;
}

/** `data.extensions_truncated.subunits` as strings (empty when absent). */
export function truncatedSubunits(ex: Exchange): string[] {
  const list = dataOf(ex)?.extensions_truncated?.subunits;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
}
