/**
 * JSON request bodies: a JSON media type (when a Content-Type is sent), valid UTF-8, valid JSON.
 * Anything else is 400 `invalid_arguments` ("wrong format", Errors table).
 */
import type { IncomingHttpHeaders } from "node:http";
import { InvalidArguments } from "../http/reply.js";

const decoder = new TextDecoder("utf-8", { fatal: true });

/** Whether a Content-Type names JSON (`application/json`, `application/*+json`), parameters ignored. */
function isJsonMediaType(contentType: string): boolean {
  const type = contentType.split(";")[0].trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** The parsed body. */
export function parseJsonBody(headers: IncomingHttpHeaders, body: Buffer): unknown {
  const contentType = headers["content-type"];
  if (contentType !== undefined && !isJsonMediaType(contentType)) {
    throw new InvalidArguments("request body must be application/json");
  }
  let text: string;
  try {
    text = decoder.decode(body);
  } catch {
    throw new InvalidArguments("request body is not valid UTF-8");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidArguments("request body is not valid JSON");
  }
}
