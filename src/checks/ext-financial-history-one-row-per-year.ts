import type { Check, CheckFailure } from "./check.js";
import { failure } from "./support/failure.js";
import { arrayAt, isObject, pointer, show } from "./support/json.js";
import { extensions } from "./support/response.js";

/** `ext.financial_history.one_row_per_year`: no fiscal year appears twice for one organisation (Extensions). */
export const extFinancialHistoryOneRowPerYear: Check = {
  id: "ext.financial_history.one_row_per_year",
  section: "Resources and their fields / Extensions",
  sentence:
    "One row per year; when a year exists from both the financial-data provider and the register, the provider's row wins.",
  level: "fail",
  appliesTo: (x) => isObject(extensions(x)?.financial_history),
  run(x) {
    const byOrg = extensions(x)?.financial_history;
    if (!isObject(byOrg)) return [];
    const out: CheckFailure[] = [];
    for (const org of Object.keys(byOrg)) {
      const seen = new Set<unknown>();
      (arrayAt(byOrg, org) ?? []).forEach((row, i) => {
        if (!isObject(row) || row.fiscal_year === undefined) return;
        if (!seen.has(row.fiscal_year)) {
          seen.add(row.fiscal_year);
          return;
        }
        out.push(
          failure(extFinancialHistoryOneRowPerYear, {
            title: `financial_history of ${org} has two rows for ${show(row.fiscal_year)}`,
            pointer: pointer("data", "extensions", "financial_history", org, i, "fiscal_year"),
            expected: "one row per fiscal year",
            received: `a second row for ${show(row.fiscal_year)}`,
          }),
        );
      });
    }
    return out;
  },
};
