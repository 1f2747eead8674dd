/**
 * Rule `client.batch_50_with_all_extensions`: with all four extensions, at most 50 ids per call. Calls above 100 ids
 * are left to `client.batch_ids_1_to_100`, so one defect fails one rule.
 */
import { EXTENSION_NAMES } from "../../client/types.js";
import { type ClientRule, fail, pass, skip } from "../rule.js";
import { batchBody, callLabel } from "../trace-facts.js";

/** POST /entities/batch: "Recommended use: at most 50 ids per call when all four extensions are requested". */
export const batch50WithAllExtensions: ClientRule = {
  id: "client.batch_50_with_all_extensions",
  title: "At most 50 ids per call with all four extensions",
  sentence: "Recommended use: at most 50 ids per call when all four extensions are requested",
  section: "POST /entities/batch; Limits: Recommended ids per call",
  level: "recommended",
  grade(trace) {
    const sizes: number[] = [];
    const bad: string[] = [];
    for (const entry of trace) {
      const body = batchBody(entry);
      const extend = Array.isArray(body?.extend) ? body.extend : [];
      if (!Array.isArray(body?.ids) || !EXTENSION_NAMES.every((name) => extend.includes(name))) continue;
      const size = body.ids.length;
      sizes.push(size);
      if (size > 50 && size <= 100)
        bad.push(`${callLabel(entry)} asked for ${size} ids with all four extensions`);
    }
    if (sizes.length === 0) return skip("no batch call requested all four extensions");
    if (bad.length > 0) return fail(...bad.slice(0, 10));
    return pass(`${sizes.length} call(s) with all four extensions; largest ${Math.max(...sizes)} ids`);
  },
};
