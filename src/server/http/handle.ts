/**
 * The node:http request handler: route, read the body (capped), apply a scripted fault or process,
 * then write the reply with JSON content type, added latency, seeded bugs and the trace.
 * A request that waits for nothing (no body to stream in, no added latency: nearly every GET) is answered
 * synchronously, without a promise per request (the hot path, `bench/server-floor.ts`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { OperationId } from "../../transport/exchange.js";
import { faultReply } from "../faults.js";
import type { ServerState } from "../state.js";
import type { FaultStep } from "../types.js";
import { type BodyResult, readBody } from "./body.js";
import { codeBody } from "./content-coding.js";
import { applyLoadBugs, isLoadBugOn } from "./load-bugs.js";
import { processRequest } from "./process.js";
import { errorReply, jsonReply, type Reply } from "./reply.js";
import { matchRoute, type RouteMatch } from "./router.js";
import { keyNameOf, preciseNow, redactedHeaders } from "./trace.js";

/** A request header as one string (a repeated field joined as RFC 9110 §5.3 allows). */
const headerText = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(", ") : value;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const NOTHING_AFTER = () => {};

/** One request as received and routed. */
interface Received {
  startedAt: number;
  method: string;
  url: string;
  /** Index of `?` in `url`, or -1. */
  q: number;
  route: RouteMatch;
  operation: OperationId;
  base: "v1" | "api/v1" | null;
  /** Call number, overall and of this operation (fault plans, trace). */
  n: number;
  opN: number;
}

/** The answer, ready to write once `delay` is over; `after` runs just before the write. */
interface Answer {
  fault: FaultStep | undefined;
  reply: Reply;
  raw: string | Buffer;
  /** The body before any content coding (what the trace records). */
  text: string | Buffer;
  headers: Record<string, string>;
  delay: number;
  after: () => void;
}

/**
 * Handles one request: synchronously when nothing has to wait, else returns the promise of the rest.
 * Processing errors become a 500 with the contract's error body; the caller answers anything thrown later.
 */
export function handle(
  state: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> | undefined {
  const got = receive(state, req);
  const pending = readBody(req, state.bugs.maxBodyBytes ?? state.options.maxBodyBytes);
  if (pending instanceof Promise) return pending.then((body) => respond(state, req, res, got, body));
  return respond(state, req, res, got, pending);
}

function receive(state: ServerState, req: IncomingMessage): Received {
  const startedAt = state.options.trace ? preciseNow() : 0;
  const method = req.method ?? "GET";
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const route = matchRoute(method, q < 0 ? url : url.slice(0, q));
  const operation: OperationId =
    route.kind === "route" || route.kind === "method" ? route.operation : "other";
  const base = route.kind === "metadata" ? null : route.base;
  const n = ++state.calls;
  const opN = (state.callsByOperation.get(operation) ?? 0) + 1;
  state.callsByOperation.set(operation, opN);
  return { startedAt, method, url, q, route, operation, base, n, opN };
}

function respond(
  state: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
  got: Received,
  body: BodyResult,
): Promise<void> | undefined {
  const answer = decide(state, req, got, body);
  if (answer.delay > 0) return sleep(answer.delay).then(() => send(state, req, res, got, body, answer));
  send(state, req, res, got, body, answer);
  return undefined;
}

function decide(state: ServerState, req: IncomingMessage, got: Received, body: BodyResult): Answer {
  const { route, url, q, operation } = got;
  const fault = state.faults.match(got.n, operation, got.opN);
  let reply: Reply;
  let delay = state.options.latencyMs + (state.options.faultPlan.latencyMs ?? 0);
  let after = NOTHING_AFTER;
  try {
    if (fault) reply = faultReply(fault, state.resourceMetadataUrl);
    else if (route.kind === "metadata")
      reply = jsonReply(200, {
        resource: state.resourceMetadataUrl.replace(/\/\.well-known.*$/, "/v1"),
        bearer_methods_supported: ["header"],
      });
    else if (route.kind === "none") reply = errorReply(404, "not_found");
    else if (route.kind === "method")
      reply = errorReply(405, "method_not_allowed", { headers: { allow: route.allow } });
    else if (!body.ok) reply = errorReply(413, "payload_too_large");
    else {
      const out = processRequest(state, {
        route,
        rawQuery: q < 0 ? (state.bugs.pathReadAsQuery ? url : "") : url.slice(q + 1),
        headers: req.headers,
        body: body.body,
        now: state.options.clock.now(),
      });
      reply = out.reply;
      // Seeded bugs bend objects; the hot path sends pre-serialised text. Parsed only for a bug that bends
      // the reply here (a reply bend, a load bug): for any other, parsing and serialising again gave the same
      // text at a good part of a mutated server's CPU.
      const isBentHere = state.bendReply !== null || isLoadBugOn(state.bugs);
      if (state.mutations.length > 0 && reply.raw !== undefined && isBentHere) {
        reply = { ...reply, body: JSON.parse(reply.raw.toString()), raw: undefined };
      }
      if (isLoadBugOn(state.bugs)) {
        const bugs = applyLoadBugs(state, operation, reply, out.account);
        reply = bugs.reply;
        delay += bugs.delayMs;
        after = bugs.after;
      }
    }
  } catch {
    reply = { status: 500, headers: {}, body: { error: { code: "internal_error" } } };
  }
  if (state.bendReply) reply = state.bendReply(reply, { base: got.base, operation, n: got.n });
  const text = reply.raw ?? JSON.stringify(reply.body);
  const coded = codeBody(text, headerText(req.headers["accept-encoding"]), state.bugs.gzipRegardless);
  const raw = coded.body;
  const length = typeof raw === "string" ? Buffer.byteLength(raw) : raw.length;
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    ...reply.headers,
    ...coded.headers,
    "content-length": String(length),
  };
  if (!body.ok) headers.connection = "close";
  return { fault, reply, raw, text, headers, delay, after };
}

function send(
  state: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
  got: Received,
  body: BodyResult,
  answer: Answer,
): void {
  const { fault, reply, raw, headers } = answer;
  answer.after();
  // Timed before the write: the client cannot have the answer earlier. Timed after it, a server thread
  // preempted between the write and the clock (a busy machine) dated the answer up to 60 ms after the client
  // had it, and a client that waited out Retry-After seemed to start its next call early.
  const endedAt = state.options.trace ? preciseNow() : 0;
  if (!res.destroyed) {
    res.writeHead(reply.status, headers);
    res.end(raw);
  }
  if (state.options.trace) {
    state.trace.push({
      n: got.n,
      startedAt: got.startedAt,
      endedAt,
      method: got.method,
      url: got.url,
      base: got.base,
      operation: got.operation,
      headers: redactedHeaders(req.headers),
      keyName: keyNameOf(req.headers.authorization, state.accounts),
      body: body.ok ? body.body.toString("utf8") : "",
      status: reply.status,
      responseHeaders: headers,
      responseBody: answer.text.toString(),
      ...(fault ? { fault: fault as FaultStep } : {}),
    });
  }
}
