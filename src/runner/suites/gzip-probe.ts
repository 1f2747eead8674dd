/**
 * The gzip probe of suite `http`: every other call of a run sends `Accept-Encoding: identity` (the transport's
 * default), so one data call asks for gzip. Both answers a conforming server may give are accepted (RFC 9110
 * §12.5.3 leaves the choice to it): an uncoded body, or a gzip coding that the transport decoded — bounded by
 * the body cap, so a gzip bomb is an unusable body — to the JSON the catalogue then judges. Two more calls
 * refuse gzip in forms other than `identity` (a weight of 0, only `identity` listed): answered uncoded.
 */
import type { Problem } from "../../checks/check.js";
import type { Exchange } from "../../transport/exchange.js";
import { HTTP } from "../../verdicts/access.js";
import { judgeAndRecord } from "../judge-record.js";
import type { SuiteContext } from "../suite.js";
import { recordVerdict } from "./expect.js";
import { dataSamples } from "./samples.js";

/**
 * `Accept-Encoding` values that refuse gzip without saying `identity` alone: only `identity` listed (no `*`;
 * an empty list element after it, which RFC 9110 §5.6.1 has recipients ignore), and gzip weighted `q=0` with
 * the optional space before the weight (§12.4.2, §12.5.3). Either way a coded answer is a coding the request
 * did not accept, which `http.content_encoding_accepted` fails.
 */
const REFUSING_GZIP = ["identity;q=1,", "gzip; q=0"];

/** Calls the probe sends. */
export const GZIP_PROBE_CALLS = 1 + REFUSING_GZIP.length;

const GZIP = new Set(["gzip", "x-gzip"]);

/** What breaks `http.gzip_when_accepted` in the answer to a request that accepted gzip (and identity). */
function gzipProblems(exchange: Exchange): Problem[] {
  const r = exchange.response;
  const field = r?.headers["content-encoding"];
  if (!r || field === undefined) return [];
  const codings = field
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c.length > 0 && c !== "identity");
  const other = codings.filter((c) => !GZIP.has(c));
  if (other.length > 0)
    return [
      {
        title: `asked for gzip, answered in ${other.join(", ")}`,
        pointer: "/headers/content-encoding",
        expected: "no content coding, or gzip",
        received: `Content-Encoding: ${field}`,
      },
    ];
  // The transport decoded the gzip coding; a body it could not decode says why (corrupt, or past the cap).
  if (codings.length > 0 && r.bodyError !== undefined)
    return [
      {
        title: "gzip-coded body that does not decode to JSON",
        pointer: "",
        expected: "a gzip coding of a JSON body within the body cap",
        received: r.bodyError,
      },
    ];
  return [];
}

/**
 * Sends one resolve call with `Accept-Encoding: gzip` and judges the answer (catalogue and probe verdict), then
 * one per `REFUSING_GZIP` value, judged by the catalogue (a coded answer fails `http.content_encoding_accepted`).
 */
export async function gzipProbe(ctx: SuiteContext): Promise<void> {
  if (!ctx.inShard("gzip:resolve")) return;
  const [sample] = dataSamples(ctx.fixtures);
  const exchange = await ctx.send({ ...sample, headers: { "accept-encoding": "gzip" } });
  judgeAndRecord(ctx, exchange);
  recordVerdict(ctx, HTTP.gzipWhenAccepted, exchange, gzipProblems(exchange));
  for (const refusing of REFUSING_GZIP) {
    judgeAndRecord(ctx, await ctx.send({ ...sample, headers: { "accept-encoding": refusing } }));
  }
}
