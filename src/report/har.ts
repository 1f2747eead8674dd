/**
 * HAR 1.2 export of recorded exchanges (`--har FILE`), for browser devtools, Charles, or replay tools. Keys
 * never appear: each exchange kept is recorded as the command's `Redactor` redacts it (request and response,
 * headers and bodies; recorded requests name the variable the key came from, `Bearer $CB_API_KEY`). Bounded:
 * at most `maxEntries` (past that, every n-th exchange is kept, so a load run is sampled across its length)
 * and bodies capped per entry.
 */

import type { Redactor } from "../redactor.js";
import type { Exchange } from "../transport/exchange.js";
import { type RedactedExchange, redactExchange } from "../transport/redact-exchange.js";
import { requestUrl } from "../transport/send.js";
import { VERSION } from "../version.js";

/** Body characters kept per entry (the reports' counterexamples hold the judged part). */
const BODY_CHARS = 64 * 1024;

type NameValue = { name: string; value: string };

/** One HAR entry: every field HAR 1.2 requires (har-validator holds the tests to it), and the few optional ones cbcheck fills. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: NameValue[];
    headers: NameValue[];
    queryString: NameValue[];
    headersSize: -1;
    bodySize: number;
    postData?: { mimeType: string; text: string };
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: NameValue[];
    headers: NameValue[];
    content: { size: number; mimeType: string; text: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
    _error?: string;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

/** A HAR document. */
export interface HarDocument {
  log: { version: "1.2"; creator: { name: string; version: string }; entries: HarEntry[] };
}

const pairs = (o: Record<string, string>): NameValue[] =>
  Object.entries(o).map(([name, value]) => ({ name, value }));

/** The `name=value` pairs of a `Cookie` request header (HAR 1.2 lists them apart from the headers). */
function requestCookies(header: string | undefined): NameValue[] {
  if (!header) return [];
  return header.split(";").flatMap((part) => {
    const at = part.indexOf("=");
    return at > 0 ? [{ name: part.slice(0, at).trim(), value: part.slice(at + 1).trim() }] : [];
  });
}

/**
 * The cookie each `Set-Cookie` sets (its attributes stay in the header). Several arrive joined by commas: a
 * comma starts a new cookie only when `name=` follows it (an `Expires` date has a comma too).
 */
function responseCookies(header: string | undefined): NameValue[] {
  if (!header) return [];
  return header.split(/,(?=\s*[^\s;,=]+=)/).flatMap((one) => requestCookies(one.split(";")[0]));
}

/** The entry of `raw` (its sizes) as `ex`, its redacted copy with capped bodies, shows it. */
function entryOf(ex: RedactedExchange, raw: Exchange, at: number): HarEntry {
  const { request } = ex;
  const time = ex.response?.durationMs ?? 0;
  const body = request.body;
  return {
    startedDateTime: new Date(at - time).toISOString(),
    time,
    request: {
      method: request.method,
      url: requestUrl(request),
      httpVersion: "HTTP/1.1",
      cookies: requestCookies(request.headers.cookie),
      headers: pairs(request.headers),
      queryString: pairs(request.query),
      headersSize: -1,
      bodySize: raw.request.body?.length ?? 0,
      ...(body !== undefined
        ? { postData: { mimeType: request.headers["content-type"] ?? "application/json", text: body } }
        : {}),
    },
    response: {
      status: ex.response?.status ?? 0,
      statusText: "",
      httpVersion: "HTTP/1.1",
      cookies: responseCookies(ex.response?.headers["set-cookie"]),
      headers: pairs(ex.response?.headers ?? {}),
      content: {
        size: raw.response?.bodyText.length ?? 0,
        mimeType: ex.response?.headers["content-type"] ?? "",
        text: ex.response?.bodyText ?? "",
      },
      redirectURL: "",
      headersSize: -1,
      bodySize: raw.response?.bodyText.length ?? -1,
      ...(ex.transportError ? { _error: `${ex.transportError.code}: ${ex.transportError.message}` } : {}),
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
  };
}

/** Collects exchanges into a HAR, redacted, keeping at most `maxEntries` spread over the whole run. */
export class HarRecorder {
  readonly #entries: HarEntry[] = [];
  #seen = 0;
  #every = 1;

  /** `redactor`: the command's, holding every key it sends (keys it learns later are redacted from then on). */
  constructor(
    readonly redactor: Redactor,
    readonly maxEntries = 10_000,
  ) {}

  /** Records one exchange, redacted (or skips it when sampling). */
  add(ex: Exchange): void {
    this.#seen++;
    if ((this.#seen - 1) % this.#every !== 0) return;
    const shown = redactExchange(ex, this.redactor, { maxBodyChars: BODY_CHARS });
    this.#entries.push(entryOf(shown, ex, Date.now()));
    if (this.#entries.length >= this.maxEntries) {
      // Keep every other entry and sample half as often: memory stays bounded, coverage stays even.
      const kept = this.#entries.filter((_, i) => i % 2 === 0);
      this.#entries.length = 0;
      this.#entries.push(...kept);
      this.#every *= 2;
    }
  }

  /** How many exchanges were offered and kept. */
  get counts(): { seen: number; kept: number } {
    return { seen: this.#seen, kept: this.#entries.length };
  }

  /** The HAR document. */
  document(): HarDocument {
    return {
      log: { version: "1.2", creator: { name: "cbcheck", version: VERSION }, entries: [...this.#entries] },
    };
  }
}
