/**
 * The formats request generation knows, by the name schemas give them. A request schema naming another
 * format is a harness error when generation is compiled (compile/strings.ts): no value of it could be built.
 */
import { NODE_ID_FORMAT } from "../../contract/formats/node-id.js";
import { PLAIN_TEXT_FORMAT } from "../../contract/formats/plain-text.js";
import { date } from "./date.js";
import { dateTime } from "./date-time.js";
import type { FormatGenerator } from "./format-generator.js";
import { nodeId } from "./node-id.js";
import { plainText } from "./plain-text.js";

export type { FormatGenerator, FormValue } from "./format-generator.js";

/** Generators by format name. */
export const FORMATS: Readonly<Record<string, FormatGenerator>> = Object.freeze({
  "date-time": dateTime,
  date,
  [PLAIN_TEXT_FORMAT]: plainText,
  [NODE_ID_FORMAT]: nodeId,
});
