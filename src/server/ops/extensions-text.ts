/**
 * `data.extensions` as JSON text on the clean path (no seeded bug): each organisation's value of each
 * extension is serialised once and kept, instead of stringifying the same history and sub-unit lists (up to
 * 1,000 payloads) on every read. The text is exactly `JSON.stringify(buildExtensions(…).extensions)`:
 * extensions in first-requested order, organisation numbers in the order a JS object gives its keys
 * (`extensions-read.test.ts` holds the two to the same bytes).
 */
import type { ServerState } from "../state.js";
import type { ExtensionName } from "../validate/fields.js";
import type { ExtensionsResult } from "./extensions.js";
import { perServerCache } from "./server-cache.js";

/** One organisation's value of one extension, as text, with what it adds to the read. */
interface CachedValue {
  text: string;
  rows: number;
  /** Sub-units only: whether the list was cut at the cap. */
  cut: boolean;
}

const cache = perServerCache<string, CachedValue>(20_000);

/** The organisation number of an org node id (`cb:org:<org_nr>`, Identifiers), or null. */
function orgNumber(id: string): string | null {
  const m = /^cb:org:(\d{9})$/.exec(id);
  return m ? m[1] : null;
}

/** The value of `ext` for `nr` as buildExtensions builds it with no bug on (sub-units cut at `cap`). */
function extensionValue(state: ServerState, ext: ExtensionName, nr: string, cap: number): CachedValue {
  const g = state.graph;
  if (ext === "financial_history") return listValue(g.financialHistory(nr).slice(0, 30));
  if (ext === "web_identities") return listValue(g.webIdentities(nr).slice(0, 10));
  if (ext === "subunits") {
    const all = g.subunits(nr);
    const value = all.length > cap ? all.slice(0, cap) : all;
    return { text: JSON.stringify(value), rows: value.length, cut: all.length > cap };
  }
  const parent = g.groupParent(nr);
  return { text: JSON.stringify(parent), rows: parent === null ? 0 : 1, cut: false };
}

function listValue(list: unknown[]): CachedValue {
  return { text: JSON.stringify(list), rows: list.length, cut: false };
}

/** Extensions of the found organisations as JSON text; for a server with no seeded bug only. */
export function extensionsText(
  state: ServerState,
  orgIds: string[],
  extend: ExtensionName[],
  single: boolean,
): Omit<ExtensionsResult, "extensions"> & { json: string } {
  const cap = single ? 1000 : state.bugs.batchSubunitCap;
  // Objects keyed as buildExtensions keys them, so Object.keys gives JSON.stringify's order.
  const out: Record<string, Record<string, string>> = {};
  const cut: string[] = [];
  let rows = 0;
  for (const ext of extend) out[ext] = {};
  for (const id of orgIds) {
    const nr = orgNumber(id);
    if (nr === null) continue;
    for (const ext of extend) {
      const v = cache(state, `${ext}:${cap}:${nr}`, () => extensionValue(state, ext, nr, cap));
      if (v.cut && cut.length < 100) cut.push(nr);
      rows += v.rows;
      out[ext][nr] = v.text;
    }
  }
  const json = `{${Object.keys(out)
    .map((ext) => `${JSON.stringify(ext)}:{${membersText(out[ext])}}`)
    .join(",")}}`;
  const result: Omit<ExtensionsResult, "extensions"> & { json: string } = { json, rows };
  if (extend.includes("subunits")) result.truncated = { subunits: cut };
  return result;
}

function membersText(values: Record<string, string>): string {
  return Object.keys(values)
    .map((nr) => `${JSON.stringify(nr)}:${values[nr]}`)
    .join(",");
}
