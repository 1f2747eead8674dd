/**
 * The prepared mix as autocannon requests, shared by every connection. Handed to each client with the
 * public `client.setRequests`, which keeps the objects it is given: each distinct request is one object
 * whose wire bytes autocannon builds once for all connections (not once per connection and per position
 * in the mix, which for the 2 MiB oversize bodies cost hundreds of MiB).
 */
import type { IncomingHttpHeaders } from "node:http";
import type autocannon from "autocannon";
import type { PreparedRequest } from "./request-mix.js";

/** Bodies above this are oversize probes: built into wire bytes once, when first sent (see `wireRequests`). */
export const LARGE_BODY = 64 * 1024;

/**
 * A response as autocannon's request hook gives it, stamped when it came (`performance.now()` ms), its headers
 * read once into a record (`headerRecord`) for both the connection (`Connection: close`) and the judge.
 */
export interface WireResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
  endedAt: number;
}

/** autocannon's response hook (public `requests[].onResponse`): status, body, context, headers. */
export type WireResponseHook = (
  status: number,
  body: string,
  context: object,
  headers: IncomingHttpHeaders | undefined,
) => void;

/**
 * One autocannon request per position of `requests`, the same object wherever a prepared request repeats,
 * so that its wire bytes are built for all connections at once. A large body is built only when first sent.
 */
export function wireRequests(
  requests: readonly PreparedRequest[],
  basePath: string,
  onResponse: WireResponseHook,
): autocannon.Request[] {
  const byRequest = new Map<PreparedRequest, autocannon.Request>();
  return requests.map((r) => {
    const known = byRequest.get(r);
    if (known) return known;
    const wire: autocannon.Request = {
      method: r.method,
      path: basePath + r.path,
      body: r.body,
      headers: r.body === undefined ? {} : { "content-type": "application/json" },
      onResponse,
    };
    if ((r.body?.length ?? 0) > LARGE_BODY) {
      // `setRequests` builds every position of every connection ahead of time, except requests with a
      // `setupRequest`, which are built each time they come up. This one removes itself when first
      // called: the request is built once, on its first send, and its bytes then serve every connection.
      wire.setupRequest = (request) => {
        delete wire.setupRequest;
        return request;
      };
    }
    byRequest.set(r, wire);
    return wire;
  });
}

/** autocannon's response headers (names as sent, repeats as arrays) as a lower-cased record. */
export function headerRecord(headers: IncomingHttpHeaders | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const raw = headers[name];
    if (raw === undefined) continue;
    const value = typeof raw === "string" ? raw : raw.join(", ");
    const lower = name.toLowerCase();
    // RFC 9110 list syntax: repeated fields join with ", ", whatever the case of their names.
    out[lower] = lower in out ? `${out[lower]}, ${value}` : value;
  }
  return out;
}
