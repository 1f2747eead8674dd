/**
 * The decision for one routed request, in a fixed order (docs/server.md):
 * 404/405 → 413 → 401 → 429 → 403 → 400 → 402 → 200. Every authenticated call to a route counts
 * against the call limits, whatever its outcome.
 */
import type { IncomingHttpHeaders } from "node:http";
import { bentQuery } from "../bugs.js";
import type { Account } from "../keys.js";
import { capabilities, me, usage } from "../ops/account.js";
import { readEntities } from "../ops/entities.js";
import { resolve } from "../ops/resolve.js";
import { search, traverse } from "../ops/search.js";
import type { ServerState } from "../state.js";
import {
  type EntityLeniency,
  type EntityRequest,
  failOnRepeatedKeys,
  parseEntityBatch,
  parseEntityGet,
} from "../validate/entity-request.js";
import { parseJsonBody } from "../validate/json-body.js";
import { parseResolve } from "../validate/other-requests.js";
import { parseQuery } from "../validate/query.js";
import { parseSearch, parseTraversal, parseUsage } from "../validate/unshown-requests.js";
import { authenticate } from "./auth.js";
import { errorReply, InvalidArguments, type Reply, UPGRADE_URL } from "./reply.js";
import type { RouteMatch } from "./router.js";

/** What the pipeline needs of one request. */
export interface RoutedRequest {
  route: Extract<RouteMatch, { kind: "route" }>;
  rawQuery: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  now: number;
}

/** Whether an influencer read is refused with 402: an empty balance (or a seeded bug). */
function isRefusedCredits(state: ServerState, account: Account): boolean {
  const balance = state.balances.get(account.bucket) ?? 0;
  if (state.bugs.refuseCreditsWhileCovered && account.name === "plus") {
    return balance < state.options.credits;
  }
  return balance <= 0 && !state.bugs.servedWithoutCredits;
}

/**
 * POST /entities/batch: the body parsed and validated, with the seeded faults of a key named twice, of a
 * body without a Content-Type (its media type read before it is known to be there) and of an id that is an
 * array (its length taken for a string's): thrown past validation, each becomes a 500.
 */
function parseBatchBody(r: RoutedRequest, lenient: EntityLeniency): EntityRequest {
  if (lenient.noContentTypeFails && r.headers["content-type"] === undefined)
    throw new Error("no content-type");
  const body = parseJsonBody(r.headers, r.body);
  failOnRepeatedKeys(r.body, lenient);
  const ids = (body as { ids?: unknown } | null)?.ids;
  if (lenient.arrayIdFails && Array.isArray(ids) && ids.some(Array.isArray))
    throw new Error("id is an array");
  return parseEntityBatch(body, lenient);
}

/** Answers an authenticated, admitted request: 403, 400, 402 or the data. */
function serve(state: ServerState, r: RoutedRequest, account: Account): Reply {
  const op = r.route.operation;
  if (op === "me") return me(state, account, r.now);
  if (op === "capabilities") return capabilities(state, account);
  const bugs = state.bugs;
  const rawQuery = bentQuery(r.rawQuery, bugs);
  if (account.plan === "free" && !bugs.freeKeyServed) {
    const extra: Record<string, string> = bugs.planRequiredWithoutTier
      ? { upgrade_url: UPGRADE_URL }
      : { required_tier: "plus", upgrade_url: UPGRADE_URL };
    return errorReply(403, "plan_required", { extra });
  }
  const alt = r.route.base === "api/v1";
  const lenient = {
    acceptUnknownExtension: bugs.acceptUnknownExtension,
    maxIds: bugs.maxIds ?? account.maxIds,
    foldExtendCase: bugs.foldExtendCase,
    upperCaseDateTimeOnly: bugs.upperCaseDateTimeOnly,
    repeatedItemsFail: bugs.repeatedItemsFail,
    trimDataset: bugs.trimDataset,
    ignoreMalformedJson: bugs.ignoreMalformedJson,
    repeatedBodyKeyFails: bugs.repeatedBodyKeyFails,
    noContentTypeFails: bugs.noContentTypeFails,
    arrayIdFails: bugs.arrayIdFails,
  };
  if (op === "resolve") {
    const req = parseResolve(parseQuery(rawQuery), {
      maxQuery: bugs.maxQuery,
      countUtf16Units: bugs.queryLengthMiscount,
      blankQueryFails: bugs.blankQueryFails,
      formatCharacterQueryFails: bugs.formatCharacterQueryFails,
      unknownParameterFails: bugs.unknownParameterFails,
      defaultLimit: alt ? bugs.altResolveDefaultLimit : bugs.resolveDefaultLimit,
    });
    return resolve(state, req, account);
  }
  if (op === "usage") return usage(state, account, r.now, parseUsage(parseQuery(rawQuery)));
  if (op === "entity-get" || op === "entity-batch") {
    const req =
      op === "entity-get"
        ? parseEntityGet(r.route.id ?? "", parseQuery(rawQuery), lenient)
        : parseBatchBody(r, lenient);
    if (req.dataset === "influencer" && isRefusedCredits(state, account)) {
      return errorReply(402, "credits_exhausted");
    }
    return readEntities(state, req, account);
  }
  if (op === "search") return search(state, parseSearch(parseJsonBody(r.headers, r.body)), account);
  return traverse(state, parseTraversal(parseJsonBody(r.headers, r.body)), account);
}

/** Authenticates, admits (limits) and answers one routed request. */
export function processRequest(state: ServerState, r: RoutedRequest): { reply: Reply; account?: Account } {
  const auth = authenticate(r.headers, state.accounts, {
    metadataUrl: state.resourceMetadataUrl,
    dropChallenge: state.bugs.dropChallenge,
    acceptRevoked: state.bugs.acceptRevoked,
  });
  if (!auth.ok) return { reply: auth.reply };
  const account = auth.account;
  const admission = state.limiter.admit(account.bucket, r.now, {
    windowOff: state.bugs.rateWindowOff,
    record: !state.bugs.countCallsLate,
  });
  if (!admission.ok) {
    const seconds = Math.max(1, Math.ceil(admission.retryAfterMs / 1000));
    return {
      reply: errorReply(429, "volume_limit", {
        headers: { "retry-after": String(seconds) },
        reason: `${admission.reason} limit reached`,
      }),
      account,
    };
  }
  try {
    const reply = serve(state, r, account);
    if (reply.metered) {
      state.limiter.meter(account.bucket, r.now, reply.metered.records, reply.metered.credits);
    }
    return { reply, account };
  } catch (err) {
    if (err instanceof InvalidArguments) {
      return { reply: errorReply(400, "invalid_arguments", { reason: err.message }), account };
    }
    throw err;
  }
}
