import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { isObject, pointer } from "./support/json.js";
import { extensions } from "./support/response.js";

/** `ext.financial_history.newest_first`: rows per organisation are ordered newest year first (Extensions). */
export const extFinancialHistoryNewestFirst: Check = {
  id: "ext.financial_history.newest_first",
  section: "Resources and their fields / Extensions",
  sentence: "`financial_history`: Array per organisation, max 30 rows, newest year first.",
  level: "fail",
  appliesTo: (x) => isObject(extensions(x)?.financial_history),
  run(x) {
    const byOrg = extensions(x)?.financial_history;
    if (!isObject(byOrg)) return [];
    const out: CheckFailure[] = [];
    for (const [org, rows] of Object.entries(byOrg)) {
      if (!Array.isArray(rows)) continue;
      for (let i = 1; i < rows.length; i++) {
        const prev = rows[i - 1];
        const row = rows[i];
        if (!isObject(prev) || !isObject(row)) continue;
        if (typeof prev.fiscal_year !== "number" || typeof row.fiscal_year !== "number") continue;
        if (row.fiscal_year <= prev.fiscal_year) continue;
        out.push(
          failure(extFinancialHistoryNewestFirst, {
            title: `financial_history of ${org} is not newest year first`,
            pointer: pointer("data", "extensions", "financial_history", org, i, "fiscal_year"),
            expected: `a year not after ${prev.fiscal_year} (the row before)`,
            received: String(row.fiscal_year),
          }),
        );
        break;
      }
    }
    return out;
  },
};
