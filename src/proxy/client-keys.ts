/**
 * The proxy's secrets are the keys its clients send, which it meets in their `Authorization` headers
 * (`Bearer KEY`, or `Basic` of `user:KEY` or `KEY:`). `ClientKeys` learns each on first sight and redacts
 * every finding as it leaves the judge (src/redactor.ts, the redaction of every command): the exchange's
 * URL, headers and request body, the finding's title, evidence and values. The response body stays behind.
 * Past `MAX_LEARNED` keys (a client spraying keys) a finding is also redacted with its own exchange's keys,
 * so memory stays bounded and the key most likely echoed — the one the request carried — is still hidden.
 */
import { credentialKeys, Redactor, redactCredential } from "../redactor.js";
import type { Finding } from "./finding.js";
import type { Proxied } from "./proxied.js";

/** Keys remembered for the session; enough for any fleet of clients, bounded against a sprayer. */
const MAX_LEARNED = 1000;

/** The `Authorization` value of a raw header list (`name, value, …`), if any. */
function authorizationOf(rawHeaders: readonly string[]): string | undefined {
  for (let i = 0; i + 1 < rawHeaders.length; i += 2)
    if (rawHeaders[i].length === 13 && rawHeaders[i].toLowerCase() === "authorization")
      return rawHeaders[i + 1];
  return undefined;
}

function redactProxied(p: Proxied, redactor: Redactor): Proxied {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(p.headers)) {
    const lower = name.toLowerCase();
    const isCredential = lower === "authorization" || lower === "proxy-authorization";
    headers[name] = redactor.text(isCredential ? redactCredential(value) : value);
  }
  const responseHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(p.responseHeaders)) responseHeaders[name] = redactor.text(value);
  return {
    ...p,
    url: redactor.text(p.url),
    headers,
    body: redactor.text(p.body),
    responseHeaders,
    responseBody: Buffer.alloc(0),
    ...(p.targetError
      ? { targetError: { ...p.targetError, message: redactor.text(p.targetError.message) } }
      : {}),
  };
}

function redactFinding(f: Finding, redactor: Redactor): Finding {
  const text = (t: string | undefined) => (t === undefined ? undefined : redactor.text(t));
  return {
    ...f,
    title: redactor.text(f.title),
    exchange: redactProxied(f.exchange, redactor),
    evidence: f.evidence.map((e) => redactor.text(e)),
    ...(f.pointer !== undefined ? { pointer: text(f.pointer) } : {}),
    ...(f.expected !== undefined ? { expected: text(f.expected) } : {}),
    ...(f.received !== undefined ? { received: text(f.received) } : {}),
  };
}

/** The keys a proxy session's clients sent, and the redaction of its findings. */
export class ClientKeys {
  readonly #redactor = new Redactor();

  /** Learns the key(s) of a request's `Authorization` header (`rawHeaders`: `name, value, …`). */
  learn(rawHeaders: readonly string[]): void {
    if (this.#redactor.size >= MAX_LEARNED) return;
    this.#redactor.add(credentialKeys(authorizationOf(rawHeaders)));
  }

  /** `findings` of the exchange whose request sent `rawHeaders`, redacted. */
  redact(findings: readonly Finding[], rawHeaders: readonly string[]): Finding[] {
    if (findings.length === 0) return [];
    const own = credentialKeys(authorizationOf(rawHeaders)).filter((k) => !this.#redactor.has(k));
    const extra = own.length > 0 ? new Redactor(own) : undefined;
    return findings.map((f) => {
      const redacted = redactFinding(f, this.#redactor);
      return extra ? redactFinding(redacted, extra) : redacted;
    });
  }
}
