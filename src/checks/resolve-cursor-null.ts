import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { has, show } from "./support/json.js";
import { okEnvelope } from "./support/response.js";

/** `resolve.cursor_null`: the envelope `cursor` is null on resolve (Resources / Response envelope). */
export const resolveCursorNull: Check = {
  id: "resolve.cursor_null",
  section: "Resources and their fields / Response envelope",
  sentence:
    "`cursor`: null, or array of exactly 2 items: string then integer > 0; continuation marker on entity reads; always null on resolve",
  level: "fail",
  appliesTo: (x) => x.operation === "resolve" && okEnvelope(x) !== undefined,
  run(x) {
    const env = okEnvelope(x);
    if (!env || !has(env, "cursor") || env.cursor === null) return [];
    return [
      failure(resolveCursorNull, {
        title: "cursor is not null on resolve",
        pointer: "/cursor",
        expected: "null",
        received: show(env.cursor),
      }),
    ];
  },
};
