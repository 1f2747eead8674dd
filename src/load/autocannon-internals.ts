/**
 * The few autocannon internals the load driver still relies on, in one place. Everything else goes
 * through autocannon's public API (`setupClient`, `client.setRequests`, `requests[].onResponse`, the
 * client's `response` event, `instance.stop()`).
 *
 * No public hook can hold a request back until its intended send time (open model), nor stop sending at
 * an exact time or call count across connections: for that we wrap the client's private `_doRequest`,
 * read its `destroyed` flag and listen to its undocumented `connError` and `timeout` events. autocannon is
 * pinned to an exact version in package.json for this; `autocannon-internals.test.ts` fails, naming the
 * internal, when an upgrade changes any of them, and `checkClientInternals` refuses to run instead of
 * measuring wrongly.
 */
import type autocannon from "autocannon";
import { HarnessError } from "../errors.js";

/** The autocannon version these internals were read from (package.json pins exactly this). */
export const PINNED_AUTOCANNON_VERSION = "9.0.0";

/** autocannon's per-connection client, with the private members we use. */
export interface InternalClient {
  /** Private: writes the client's next request; called on connect and after every response. */
  _doRequest(): void;
  /** Private: set once the client has stopped for good. */
  destroyed: boolean;
}

/** Undocumented client events: a connection error (the client reconnects) and a request timeout. */
export const CLIENT_ERROR_EVENTS = ["connError", "timeout"] as const;

/** Why a client does not have the shape this driver was written against, or undefined when it does. */
export function clientInternalsProblem(client: unknown): string | undefined {
  const c = client as Partial<InternalClient> & { on?: unknown };
  if (typeof c._doRequest !== "function") return "client._doRequest is not a function";
  if (c._doRequest.length !== 0) return `client._doRequest takes ${c._doRequest.length} arguments, not 0`;
  if (typeof c.destroyed !== "boolean") return "client.destroyed is not a boolean";
  if (typeof c.on !== "function") return "client is not an EventEmitter";
  return undefined;
}

/** Throws a harness error naming the internal when an autocannon client is not as expected. */
export function checkClientInternals(client: autocannon.Client): InternalClient {
  const problem = clientInternalsProblem(client);
  if (problem) {
    throw new HarnessError(
      "CB_LOAD_DRIVER",
      `autocannon internals changed (${problem}); cbcheck load needs autocannon ${PINNED_AUTOCANNON_VERSION}`,
    );
  }
  return client as unknown as InternalClient;
}

/** Listens to one of the client's undocumented error events. */
export function onClientError(
  client: autocannon.Client,
  event: (typeof CLIENT_ERROR_EVENTS)[number],
  listener: () => void,
): void {
  (client as unknown as NodeJS.EventEmitter).on(event, listener);
}

/**
 * Puts `decide` in front of every send of a client: autocannon asks to send (on connect and after each
 * response), `decide` sends now, later or never by calling `send`.
 */
export function interceptSends(client: InternalClient, decide: (send: () => void) => void): void {
  const send = client._doRequest.bind(client);
  client._doRequest = () => decide(send);
}
