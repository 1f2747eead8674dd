/**
 * Financial history of a main unit (contract: Extensions, `financial_history`): at most 30 rows,
 * newest year first, one row per year. The org payload's latest figures are the newest row.
 */
import { hash, Rng, SALT } from "./prng.js";

/** One row of `financial_history`. */
export interface FinanceRow {
  fiscal_year: number;
  revenue: number | null;
  operating_costs: number | null;
  operating_result: number | null;
  result_before_tax: number | null;
  net_result: number | null;
  total_assets: number | null;
  total_equity: number | null;
  total_debt: number | null;
  source: string | null;
}

const SOURCES = ["provider", "register"];

/** Number of rows and newest year of an organisation's history. */
export function financeShape(seed: number, i: number, isMain: boolean, rich: boolean): [number, number] {
  if (!isMain) return [0, 0];
  const h = hash(seed, SALT.finance, i);
  const newest = 2024 - (h % 3 === 0 ? 1 : 0);
  if (rich || i === 0) return [30, newest];
  const r = (h >>> 8) % 100;
  if (r < 20) return [0, newest];
  if (r < 30) return [30, newest];
  return [1 + ((h >>> 16) % 12), newest];
}

/** Base revenue of an organisation (log-uniform 100k..1bn). */
function baseRevenue(seed: number, i: number): number {
  const u = hash(seed, SALT.finance, i, 1) / 4294967296;
  return Math.round(10 ** (5 + 4 * u));
}

/** The row of one year. */
export function financeRow(seed: number, i: number, year: number, newest: number): FinanceRow {
  const rng = new Rng(seed, SALT.finance, i, year);
  const revenue = Math.round(baseRevenue(seed, i) * 0.95 ** (newest - year) * (0.85 + 0.3 * rng.next()));
  const costs = Math.round(revenue * (0.75 + 0.3 * rng.next()));
  const operating = revenue - costs;
  const beforeTax = Math.round(operating * (0.9 + 0.15 * rng.next()));
  const net = Math.round(beforeTax * 0.78);
  const assets = Math.round(revenue * (0.4 + 1.2 * rng.next()));
  const equity = Math.round(assets * (0.1 + 0.5 * rng.next()));
  const nullable = (v: number): number | null => (rng.chance(0.04) ? null : v);
  return {
    fiscal_year: year,
    revenue: nullable(revenue),
    operating_costs: nullable(costs),
    operating_result: nullable(operating),
    result_before_tax: nullable(beforeTax),
    net_result: nullable(net),
    total_assets: nullable(assets),
    total_equity: nullable(equity),
    total_debt: nullable(assets - equity),
    source: rng.chance(0.1) ? null : rng.pick(SOURCES),
  };
}

/** All rows, newest year first. */
export function financialRows(seed: number, i: number, isMain: boolean, rich: boolean): FinanceRow[] {
  const [count, newest] = financeShape(seed, i, isMain, rich);
  const rows: FinanceRow[] = [];
  for (let k = 0; k < count; k++) rows.push(financeRow(seed, i, newest - k, newest));
  return rows;
}
