/**
 * `entities.batch_nodes_same_as_get` (Endpoints / POST /entities/batch: "Same result as GET /entities/{id} for
 * many ids"): a batch of two organisations against GET /entities/{id} of each, every node compared whole but for
 * the signing-rights fields, which the Payload of `org` Rule carries only when exactly one organisation is
 * requested. `entities.batch_same_as_get` compares a batch of one id, which cannot show what a many-id read
 * changes.
 */
import { diffJson, formatDiff } from "../../report/json-diff.js";
import type { Exchange } from "../../transport/exchange.js";
import { MEANING } from "../../verdicts/meaning.js";
import type { Outcome } from "../suite.js";
import { outcomeOf } from "./expect.js";

type Body = Record<string, unknown>;

/** The payload fields whose presence depends on how many organisations were requested. */
const SIGNING = ["signature_text", "procuration_text", "signature_status", "procuration_status"];

/** The 200 answer's body, else undefined. */
function okBody(ex: Exchange): Body | undefined {
  const json = ex.response?.status === 200 ? ex.response.json : undefined;
  return typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Body) : undefined;
}

/** The node with id `id` in an entity read's `data.entities`, signing-rights fields left out; else undefined. */
function nodeOf(body: Body | undefined, id: string): Body | undefined {
  const nodes = (body?.data as Body | undefined)?.entities;
  const node = Array.isArray(nodes) ? nodes.find((n) => (n as Body | null)?.id === id) : undefined;
  if (typeof node !== "object" || node === null) return undefined;
  const payload = { ...((node as Body).payload as Body) };
  for (const k of SIGNING) delete payload[k];
  return { ...(node as Body), payload };
}

/**
 * Judges the batch of `orgs` against the GET of each (`gets[i]` for `orgs[i]`). Compared only when all three
 * answer 200 with the node and the same `as_of` (another snapshot may hold other data): otherwise not judged
 * (skip), so a conforming target's run stays complete.
 */
export function judgeBatchNodesSameAsGet(orgs: string[], gets: Exchange[], batch: Exchange): Outcome {
  const verdict = MEANING.batchNodesSameAsGet;
  const many = okBody(batch);
  const pairs = orgs.map((id, i) => ({ id, one: nodeOf(okBody(gets[i]), id), inBatch: nodeOf(many, id) }));
  const asOf = [many, ...gets.map(okBody)].map((b) => b?.as_of);
  if (pairs.some((p) => !p.one || !p.inBatch) || asOf.some((a) => a !== asOf[0])) {
    const message = "not judged: every read must answer 200 with its node, all with the same as_of";
    return { verdict, status: "skip", message, exchange: batch };
  }
  const problems = pairs.flatMap(({ id, one, inBatch }, i) => {
    const diff = diffJson(one, inBatch);
    if (diff.length === 0) return [];
    return [
      {
        title: `a batch of ${orgs.length} organisations answers another node than GET /entities/{id} for ${id}`,
        pointer: "/data/entities",
        expected: `the node of GET /entities/${id} (call ${i + 1}), signing-rights fields set aside`,
        received: formatDiff(diff.slice(0, 8)),
      },
    ];
  });
  return outcomeOf(verdict, batch, problems);
}
