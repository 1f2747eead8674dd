/**
 * `cbcheck validate`'s judging of one document's text: a text past the structure bounds (millions of arrays,
 * objects or object members) is judged by that count (not parsed), else it is parsed, its kind chosen (given or inferred) and validated.
 * The same function runs in the main thread (small documents) and in the judging worker (large ones).
 */
import { pastStructureBounds } from "../../bounded-json.js";
import { HarnessError } from "../../errors.js";
import { chooseKind } from "./infer-kind.js";
import { resolveKind } from "./kinds.js";
import type { ResolvedValidateOptions } from "./options.js";
import { type ValidateResult, validateDocument } from "./validate-document.js";

/** Validates `text` (read from `source`, a file name or `stdin`); bad JSON is a `HarnessError`. */
export function validateText(text: string, options: ResolvedValidateOptions, source: string): ValidateResult {
  const past = pastStructureBounds(text);
  if (past) {
    const kind = options.kind ?? resolveKind("envelope");
    return validateDocument(undefined, text, kind, { ...options, unparsed: past });
  }
  const value = parseJson(text, source);
  const { kind, inferred } = chooseKind(value, options.kind, options);
  const result = validateDocument(value, text, kind, options);
  if (inferred) result.inferred = inferred.why;
  return result;
}

function parseJson(text: string, source: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === "") throw new HarnessError("CB_INPUT_EMPTY", `${source} is empty`);
  try {
    return JSON.parse(body);
  } catch (err) {
    throw new HarnessError("CB_INPUT_NOT_JSON", `${source} is not JSON: ${(err as Error).message}`);
  }
}
