/** Rule `client.batch_ids_1_to_100`: every batch call asks for 1 to 100 ids. */
import { type ClientRule, fail, pass, skip } from "../rule.js";
import { batchBody, callLabel } from "../trace-facts.js";

/** POST /entities/batch, request body: `ids` "required; 1 to 100 items". */
export const batchIds1To100: ClientRule = {
  id: "client.batch_ids_1_to_100",
  title: "At most 100 ids per batch call",
  sentence: "`ids` — array of strings — required; 1 to 100 items",
  section: "POST /entities/batch; Limits: Ids per batch call",
  level: "required",
  grade(trace) {
    const sizes: number[] = [];
    const bad: string[] = [];
    for (const entry of trace) {
      const ids = batchBody(entry)?.ids;
      if (!Array.isArray(ids)) continue;
      sizes.push(ids.length);
      if (ids.length < 1 || ids.length > 100) bad.push(`${callLabel(entry)} asked for ${ids.length} ids`);
    }
    if (sizes.length === 0) return skip("no batch call with an `ids` array");
    if (bad.length > 0) return fail(...bad.slice(0, 10));
    return pass(`${sizes.length} batch call(s); largest ${Math.max(...sizes)} ids`);
  },
};
