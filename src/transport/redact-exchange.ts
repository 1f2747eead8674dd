/**
 * An exchange as it may leave judging: the checks judge the raw exchange, and everything else — counterexamples,
 * HAR entries, replay's output — is made from this copy, with the command's keys redacted (src/redactor.ts)
 * from the request and the response, headers and bodies. The type says which one a consumer holds.
 */
import { type Redactor, redactCredential } from "../redactor.js";
import type { Exchange, RecordedRequest, RecordedResponse } from "./exchange.js";

declare const redacted: unique symbol;

/** An exchange with every key redacted (made only by `redactExchange`); its parsed `json` is left out. */
export type RedactedExchange = Exchange & { readonly [redacted]: true };

/** Header names whose value is a credential: shown without it, whatever the key. */
const CREDENTIAL_HEADERS = new Set(["authorization", "proxy-authorization"]);

function redactRecord(record: Record<string, string>, redactor: Redactor): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(record)) {
    const shown = CREDENTIAL_HEADERS.has(name.toLowerCase()) ? redactCredential(value) : value;
    out[redactor.text(name)] = redactor.text(shown);
  }
  return out;
}

/** Options of `redactExchange`. */
export interface RedactOptions {
  /**
   * Bodies are cut to this many characters before they are redacted (a key cut in two is still found: its
   * head at the end of a text is a cut fragment); default: whole.
   */
  maxBodyChars?: number;
}

const cut = (text: string, max = Number.POSITIVE_INFINITY) => (text.length > max ? text.slice(0, max) : text);

function redactRequest(request: RecordedRequest, redactor: Redactor, o: RedactOptions): RecordedRequest {
  return {
    method: redactor.text(request.method),
    baseUrl: redactor.text(request.baseUrl),
    path: redactor.text(request.path),
    query: redactRecord(request.query, redactor),
    // Named as the query's names are, so that the counterexample's URL sends them twice as the request did.
    ...(request.repeated?.length ? { repeated: request.repeated.map((name) => redactor.text(name)) } : {}),
    ...(request.rawQuery !== undefined ? { rawQuery: redactor.text(request.rawQuery) } : {}),
    headers: redactRecord(request.headers, redactor),
    ...(request.body !== undefined ? { body: redactor.text(cut(request.body, o.maxBodyChars)) } : {}),
  };
}

function redactResponse(response: RecordedResponse, redactor: Redactor, o: RedactOptions): RecordedResponse {
  return {
    status: response.status,
    headers: redactRecord(response.headers, redactor),
    bodyText: redactor.text(cut(response.bodyText, o.maxBodyChars)),
    ...(response.bodyError !== undefined ? { bodyError: redactor.text(response.bodyError) } : {}),
    ...(response.containers !== undefined ? { containers: response.containers } : {}),
    durationMs: response.durationMs,
  };
}

/** A copy of `exchange` with the keys of `redactor` (and any credential) redacted everywhere. */
export function redactExchange(
  exchange: Exchange,
  redactor: Redactor,
  options: RedactOptions = {},
): RedactedExchange {
  const request = redactRequest(exchange.request, redactor, options);
  const copy: Exchange = { operation: exchange.operation, request };
  if (exchange.response) copy.response = redactResponse(exchange.response, redactor, options);
  if (exchange.transportError)
    copy.transportError = {
      code: exchange.transportError.code,
      message: redactor.text(exchange.transportError.message),
    };
  return copy as RedactedExchange;
}
