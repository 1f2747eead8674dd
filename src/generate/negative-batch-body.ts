/** Named mutations of the POST /entities/batch body: unknown properties, wrong JSON types, malformed, oversize. */
import type { PlannedRequest } from "../vocabulary/planned-request.js";
import type { TargetFixtures } from "../vocabulary/target-fixtures.js";
import { distinctIds } from "./distinct-ids.js";
import { entityBatchPlan } from "./entity-batch-request.js";
import { type NegativeCase, rejected } from "./negative-case.js";

const SECTION = "Endpoints / POST /entities/batch";
const BODY = "Request body (JSON; no other properties allowed)";
const IDS = "ids: array of strings; required";
const DATASET = "dataset: string; basic (default) or influencer";
const OVERSIZE = "Request bodies above the operation limit give 413.";
/** Well above any plausible limit; the contract does not show it ("Request body size limit: not shown"). */
const OVERSIZE_BYTES = 10 * 1024 * 1024;

function raw(text: string | Buffer): PlannedRequest {
  const body = { raw: text, contentType: "application/json" };
  return { operation: "entity-batch", method: "POST", path: "/entities/batch", body };
}

/** Bodies the contract rejects for their shape (400) or size (413). */
export function batchBodyCases(fixtures: TargetFixtures): NegativeCase[] {
  const one = distinctIds(fixtures, 1);
  // The body is deliberately off-contract, so it is given as plain JSON, not as a typed batch body.
  const make = (name: string, bound: string, json: unknown, sentence: string): NegativeCase => ({
    name: `batch-${name}`,
    bound,
    request: { ...entityBatchPlan({ ids: one }), body: { json } },
    expect: rejected,
    sentence,
    section: SECTION,
  });
  return [
    make("unknown-property", "no other properties", { ids: one, fields: ["name"] }, BODY),
    make("ids-as-string", "ids is an array of strings", { ids: one[0] }, IDS),
    make("ids-item-number", "ids is an array of strings", { ids: [123456789] }, IDS),
    make("dataset-as-number", "dataset is a string", { ids: one, dataset: 1 }, DATASET),
    make("dataset-unknown", "dataset basic or influencer", { ids: one, dataset: "premium" }, DATASET),
    make(
      "include-as-string",
      "include is an array",
      { ids: one, include: "HAS_ROLE" },
      "include: array of strings",
    ),
    make(
      "cursor-item-boolean",
      "cursor items are strings or numbers",
      { ids: one, cursor: [true] },
      "cursor: array (… string … or number) or null",
    ),
    make(
      "as-of-not-date-time",
      "as_of date-time",
      { ids: one, as_of: "yesterday" },
      "as_of: string, date-time",
    ),
    {
      name: "batch-malformed-json",
      bound: "body is JSON",
      request: raw('{"ids": ["'),
      expect: rejected,
      sentence: BODY,
      section: SECTION,
    },
    {
      name: "batch-oversize-body",
      bound: `body size (not shown; ${OVERSIZE_BYTES} bytes sent)`,
      request: raw(Buffer.from(`{"ids":["${"9".repeat(OVERSIZE_BYTES)}"]}`)),
      expect: { status: 413 },
      sentence: OVERSIZE,
      section: SECTION,
    },
  ];
}
