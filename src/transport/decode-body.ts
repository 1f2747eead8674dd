/**
 * Turns raw response bytes into the text and JSON of a `RecordedResponse`, recording (never throwing)
 * why a body is not usable JSON: invalid UTF-8, empty, or a parse error.
 */
import { isUtf8 } from "node:buffer";
import { pastStructureBounds, unparsedReason } from "../bounded-json.js";

/** What a body decodes to; `bodyError` says why `json` is absent. */
export interface DecodedBody {
  bodyText: string;
  json?: unknown;
  bodyError?: string;
  /** Set (with `members`) when the body was left unparsed for being past the structure bounds. */
  containers?: number;
  /** Set (with `containers`) when the body was left unparsed for being past the structure bounds. */
  members?: number;
}

/** Decodes bytes as UTF-8 and parses JSON; `truncatedReason` marks a body that did not arrive whole. */
export function decodeBody(bytes: Buffer, truncatedReason?: string): DecodedBody {
  // isUtf8 (simdutf) then toString is much cheaper than a fatal TextDecoder on every response.
  const bodyText = bytes.toString("utf8");
  if (!isUtf8(bytes)) return { bodyText, bodyError: "body is not valid UTF-8" };
  if (truncatedReason) return { bodyText, bodyError: `body truncated: ${truncatedReason}` };
  if (bodyText.length === 0) return { bodyText, bodyError: "body is empty" };
  // Parsing millions of `{}` costs hundreds of MiB, and millions of object members more than the judging
  // worker's heap: a body no response of the contract comes near is counted (a scan, no allocation) and
  // judged by that count instead (check response.structure_bounded).
  const past = pastStructureBounds(bodyText);
  if (past) return { bodyText, bodyError: unparsedReason(past), ...past };
  try {
    return { bodyText, json: JSON.parse(bodyText) };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { bodyText, bodyError: `body is not JSON: ${reason}` };
  }
}
