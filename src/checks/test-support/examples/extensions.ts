/** Examples for the extension checks (Resources / Extensions). */
import { mutate, orgNr, smallBatch, withBody } from "../exchanges.js";
import type { CheckExample } from "./example.js";

const first = orgNr(0);

/** Examples keyed by check id. */
export const EXTENSION_EXAMPLES: Record<string, CheckExample> = {
  "ext.financial_history.newest_first": {
    pass: smallBatch(),
    fail: mutate(smallBatch(), (j) => {
      j.data.extensions.financial_history[first].reverse();
    }),
    severity: "error",
  },
  "ext.financial_history.one_row_per_year": {
    pass: smallBatch(),
    fail: mutate(smallBatch(), (j) => {
      j.data.extensions.financial_history[first][1].fiscal_year = 2025;
    }),
    severity: "error",
  },
  "ext.subunits.cap": {
    pass: smallBatch({ orgs: 1, subunits: 51 }),
    fail: smallBatch({ orgs: 2, subunits: 51 }),
    severity: "error",
  },
  "ext.subunits.truncated_consistent": {
    pass: mutate(smallBatch({ subunits: 50 }), (j) => {
      j.data.extensions_truncated = { subunits: [first] };
      j.truncated = true;
    }),
    fail: mutate(smallBatch(), (j) => {
      j.data.extensions_truncated = { subunits: ["999999998"] };
      j.truncated = true;
    }),
    severity: "error",
  },
  "ext.subunits.parent_matches_key": {
    pass: smallBatch(),
    fail: mutate(smallBatch(), (j) => {
      j.data.extensions.subunits[first][0].parent_org_nr = "999999998";
    }),
    severity: "error",
  },
  "ext.ids_match_org_nr": {
    pass: smallBatch(),
    fail: mutate(smallBatch(), (j) => {
      j.data.extensions.subunits[first][1].id = `cb:org:${first}`;
    }),
    severity: "error",
  },
  "ext.subunits.legacy_names": {
    pass: smallBatch(),
    fail: mutate(smallBatch(), (j) => {
      delete j.data.extensions.subunits[first][2].industry_code;
    }),
    severity: "error",
  },
  "ext.keys_requested_orgs": {
    pass: smallBatch(),
    fail: mutate(smallBatch(), (j) => {
      j.data.extensions.group_parent["999999998"] = null;
    }),
    severity: "error",
  },
  "ext.only_requested": {
    pass: smallBatch(),
    fail: withBody(smallBatch(), {
      ids: [0, 1, 2].map((i) => `cb:org:${orgNr(i)}`),
      include: ["HAS_ROLE"],
      extend: ["subunits"],
    }),
    severity: "warning",
  },
};
