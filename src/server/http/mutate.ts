/**
 * Seeded bugs that bend a finished reply (envelope fields, error bodies, headers). The ones that change
 * what is computed live where the computing happens; these only touch the outgoing response.
 */
import type { OperationId } from "../../transport/exchange.js";
import type { Reply } from "./reply.js";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function bendEnvelope(mutation: string, body: Obj, n: number): void {
  const cost = isObj(body.cost) ? body.cost : {};
  const data = isObj(body.data) ? body.data : {};
  switch (mutation) {
    case "envelope-extra-field":
      body.debug = { shard: 3 };
      break;
    case "envelope-missing-request-id":
      delete body.request_id;
      break;
    case "envelope-contract-v2":
      body.contract = "cb/v2";
      break;
    case "envelope-credits-reserved":
      cost.credits_reserved = 1;
      break;
    case "envelope-evidence-nonempty":
      body.evidence = [{ id: 1, source: "register" }];
      break;
    case "envelope-request-id-not-uuid":
      body.request_id = `req-${n}`;
      break;
    case "envelope-as-of-not-date-time":
      if (typeof body.as_of === "string") body.as_of = body.as_of.slice(0, 10);
      break;
    case "envelope-unit-type-invalid":
      cost.unit_type = "credit";
      break;
    case "edge-props-extra-field":
      // Copies: the edges may be the graph's own cached objects.
      if (Array.isArray(data.edges)) {
        data.edges = data.edges.map((e: Obj) => ({ ...e, props: { ...(e.props as Obj), weight: 1 } }));
      }
      break;
  }
}

/** Applies the seeded bug `mutation` (when it bends replies) to a reply about to be written. */
export function bendReply(
  mutation: string | null,
  reply: Reply,
  ctx: { base: "v1" | "api/v1" | null; operation: OperationId; n: number },
): Reply {
  if (mutation === null) return reply;
  const body = reply.body;
  if (isObj(body) && body.contract === "cb/v1" && isObj(body.cost)) {
    bendEnvelope(mutation, body, ctx.n);
    if (mutation === "alt-drops-warnings" && ctx.base === "api/v1") delete body.warnings;
  }
  const error = isObj(body) && isObj(body.error) ? body.error : undefined;
  if (reply.status === 400 && mutation === "validation-500-message") {
    return { ...reply, status: 500, body: { message: "Internal Server Error: validation failed" } };
  }
  if (reply.status === 400 && mutation === "error-without-code" && error) delete error.code;
  if (reply.status === 429) {
    if (mutation === "retry-after-missing") delete reply.headers["retry-after"];
    if (mutation === "retry-after-fractional") reply.headers["retry-after"] = "1.5";
  }
  if (mutation === "content-type-html" && reply.status === 200) reply.headers["content-type"] = "text/html";
  return reply;
}
