/** Rule `client.body_contract_properties`: batch request bodies hold only the contract's properties. */
import { type ClientRule, fail, pass, skip } from "../rule.js";
import { batchBody, callLabel } from "../trace-facts.js";

const ALLOWED = new Set(["ids", "dataset", "include", "extend", "as_of", "cursor"]);

/** POST /entities/batch: "Request body (JSON; no other properties allowed)". */
export const bodyContractProperties: ClientRule = {
  id: "client.body_contract_properties",
  title: "Request bodies with only contract properties",
  sentence: "Request body (JSON; no other properties allowed): ids, dataset, include, extend, as_of, cursor",
  section: "POST /entities/batch",
  level: "required",
  grade(trace) {
    const batches = trace.filter((entry) => entry.operation === "entity-batch");
    if (batches.length === 0) return skip("no batch call");
    const bad: string[] = [];
    for (const entry of batches) {
      const body = batchBody(entry);
      if (!body) {
        bad.push(`${callLabel(entry)}: the body is not a JSON object`);
        continue;
      }
      const extra = Object.keys(body).filter((key) => !ALLOWED.has(key));
      if (extra.length > 0)
        bad.push(`${callLabel(entry)}: properties outside the contract: ${extra.join(", ")}`);
    }
    if (bad.length > 0) return fail(...bad.slice(0, 10));
    return pass(`${batches.length} batch bod${batches.length === 1 ? "y" : "ies"}, only contract properties`);
  },
};
