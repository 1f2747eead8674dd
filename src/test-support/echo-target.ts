/**
 * A hostile target for the tests of redaction: a real `node:http` server on 127.0.0.1, port 0, that answers
 * every request with a 200 no contract allows, echoing the credential it received (Bearer, or a Basic one's
 * key) in a header and in its body, in every encoding of `secretEncodings`, inside a `Basic` credential, as
 * base64 of `Bearer KEY`, as a 16-character prefix, and cut at 2,000 characters (where reports cut bodies) —
 * and records every request it receives (to prove where a key went, or that nothing came).
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { secretEncodings } from "./expect-no-secret.js";
import { listenOnLoopback } from "./loopback-server.js";

/** One request as the target received it. */
export interface ReceivedRequest {
  method: string;
  url: string;
  authorization?: string;
  /** The headers it carried, names lower-cased (as node:http gives them). */
  headers: IncomingHttpHeaders;
  body: string;
}

/** A started echoing target; `baseUrl` ends in `/v1`. */
export interface EchoTarget {
  baseUrl: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** The key a credential carries: a Bearer token, or the password (else user name) of a Basic one. */
export function keyOf(authorization: string | undefined): string {
  const [scheme, value = ""] = (authorization ?? "").split(/\s+/, 2);
  if (scheme.toLowerCase() !== "basic") return value;
  const [user, password] = Buffer.from(value, "base64").toString("utf8").split(":", 2);
  return password || user;
}

/** The body echoing `key` in every form (an object no cb/v1 schema accepts: checks fail and quote it). */
export function echoBody(key: string): string {
  const forms: Record<string, string> = {
    ...secretEncodings(key),
    bearerBase64: Buffer.from(`Bearer ${key}`).toString("base64"),
    basicUserKey: Buffer.from(`user:${key}`).toString("base64"),
    basicKeyColon: Buffer.from(`${key}:`).toString("base64"),
    prefix16: key.slice(0, 16),
    quoted: JSON.stringify({ key }),
  };
  // Past the reports' 2,000-character cut, so that only the head of the key survives truncation.
  return JSON.stringify({ contract: "cb/v1", echo: forms, long: `${"x".repeat(1990)}${key}` });
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the target. */
export async function startEchoTarget(): Promise<EchoTarget> {
  const received: ReceivedRequest[] = [];
  const server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    const authorization = req.headers.authorization;
    received.push({
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body,
      ...(authorization ? { authorization } : {}),
    });
    const key = keyOf(authorization);
    res.writeHead(200, {
      "content-type": "application/json",
      "x-echo": `${key} ${key.toUpperCase()} ${Buffer.from(key).toString("hex")}`,
    });
    res.end(echoBody(key));
  });
  return { ...(await listenOnLoopback(server)), received };
}
