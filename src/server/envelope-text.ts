/**
 * Serialises an envelope whose `data` is already JSON text (cached nodes), without parsing it again.
 */
import { type Envelope, type EnvelopeParts, envelope } from "./envelope.js";

const PLACEHOLDER = "\u0000data\u0000";
const QUOTED = JSON.stringify(PLACEHOLDER);

/**
 * The envelope as JSON text with `dataJson` spliced in as `data`. The placeholder is the first string after
 * `request_id` (a uuid) and `as_of` (a validated date-time), so no client text can come before it.
 */
export function envelopeText(parts: Omit<EnvelopeParts, "data">, dataJson: string): string {
  const env: Envelope = envelope({ ...parts, data: PLACEHOLDER });
  const text = JSON.stringify(env);
  const at = text.indexOf(QUOTED);
  return text.slice(0, at) + dataJson + text.slice(at + QUOTED.length);
}
