import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { isObject, show } from "./support/json.js";

/** Credits are compared to a hundredth: a server may round the one figure and not the other. */
const ROUNDING = 0.005;

/** Top-level `credits` and the credential of a 200 `/me`, when the credential is billed to `personal`. */
function personalCredential(x: Parameters<Check["run"]>[0]) {
  const json = x.operation === "me" && x.response?.status === 200 ? x.response.json : undefined;
  if (!isObject(json) || !isObject(json.credential) || json.credential.billed_to !== "personal") return;
  const { credits } = json;
  const key = json.credential.credits;
  return typeof credits === "number" && typeof key === "number" ? { credits, key } : undefined;
}

/**
 * `me.personal_key_personal_balance`: for a key billed to `personal`, `/me`'s `credential.credits` (the balance
 * the key draws on) and top-level `credits` ("the user's personal balance", Authentication 5) are one balance
 * read in one answer, so they agree (to a hundredth of a credit). A team key's credential is not judged.
 */
export const mePersonalKeyPersonalBalance: Check = {
  id: "me.personal_key_personal_balance",
  section: "Authentication",
  sentence:
    "5. For a team key, the team's balance and limits apply; top-level `credits` in `/me` is the user's personal balance.",
  level: "fail",
  appliesTo: (x) => personalCredential(x) !== undefined,
  run(x) {
    const seen = personalCredential(x);
    if (!seen || Math.abs(seen.credits - seen.key) <= ROUNDING + 1e-9 * Math.abs(seen.key)) return [];
    return [
      failure(mePersonalKeyPersonalBalance, {
        title: "/me of a key billed to personal shows a personal balance other than the key's balance",
        pointer: "/credits",
        expected: `${seen.key} (credential.credits: the personal balance the key draws on)`,
        received: show(seen.credits),
      }),
    ];
  },
};
