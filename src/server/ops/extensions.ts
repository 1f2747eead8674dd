/**
 * `data.extensions` of entity reads (Resources / Extensions): keyed by the 9-digit number of each requested
 * organisation, with the caps of the Limits table and `extensions_truncated.subunits` for cut lists.
 */
import type { ServerState } from "../state.js";
import type { ExtensionName } from "../validate/fields.js";

/** Built extensions and the number of rows they deliver (records, Limits rule 1). */
export interface ExtensionsResult {
  extensions: Record<string, Record<string, unknown>>;
  truncated?: { subunits: string[] };
  rows: number;
}

/** The organisation number of an org node id (`cb:org:<org_nr>`, Identifiers), or null. */
function orgNumber(id: string): string | null {
  const m = /^cb:org:(\d{9})$/.exec(id);
  return m ? m[1] : null;
}

/** Extensions for the found organisations; `single` when exactly one id was requested (1000 sub-units). */
export function buildExtensions(
  state: ServerState,
  orgIds: string[],
  extend: ExtensionName[],
  single: boolean,
): ExtensionsResult {
  const g = state.graph;
  const out: Record<string, Record<string, unknown>> = {};
  const cut: string[] = [];
  let rows = 0;
  const bugs = state.bugs;
  const subunitCap = single ? 1000 : bugs.batchSubunitCap;
  for (const ext of extend) out[ext] = {};
  for (const id of orgIds) {
    const nr = orgNumber(id);
    if (nr === null) continue;
    for (const ext of extend) {
      let value: unknown;
      if (ext === "financial_history") {
        let list = g.financialHistory(nr).slice(0, 30);
        if (bugs.financialOldestFirst) list = [...list].reverse();
        if (bugs.financialDuplicateYear && list.length > 0) list = [list[0], ...list];
        rows += list.length;
        value = list;
      } else if (ext === "subunits") {
        const all = g.subunits(nr);
        if (all.length > subunitCap && cut.length < 100) cut.push(nr);
        value = all.length > subunitCap ? all.slice(0, subunitCap) : all;
        rows += Math.min(all.length, subunitCap);
      } else if (ext === "web_identities") {
        const list = g.webIdentities(nr).slice(0, 10);
        rows += list.length;
        value = list;
      } else {
        value = g.groupParent(nr, bugs.groupParentDirectOwner ? "direct" : "top");
        if (value !== null) rows += 1;
      }
      out[ext][nr] = value;
    }
  }
  if (bugs.extensionUnrequestedOrg && extend.length > 0) {
    out[extend[0]]["000000000"] = extend[0] === "group_parent" ? null : [];
  }
  const result: ExtensionsResult = { extensions: out, rows };
  if (extend.includes("subunits") && !(bugs.truncatedSubunitsOmitted && cut.length > 0)) {
    result.truncated = { subunits: cut };
  }
  return result;
}
