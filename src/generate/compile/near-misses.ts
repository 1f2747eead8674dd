/**
 * Near-misses of enumeration members: what a client gets wrong when it almost has the value — another
 * case, white space around it, a prefix — and a value the enumeration does not hold at all. None is a member
 * (JSON Schema compares exactly), so each must be refused where the enumeration is the contract's.
 */
import { sameJson } from "../../contract/canonical-schema.js";
import type { NamedValue } from "./overrides.js";

/**
 * Near-misses of the string members of `members` (other values are left alone): the first and the last member
 * in another case, the first padded and cut short, and a value of no member.
 */
export function nearMisses(members: readonly unknown[]): NamedValue[] {
  const strings = members.filter((m): m is string => typeof m === "string" && m !== "");
  const out: NamedValue[] = [];
  for (const m of new Set([strings[0], strings[strings.length - 1]])) {
    if (m === undefined) continue;
    const other = m === m.toUpperCase() ? m.toLowerCase() : m.toUpperCase();
    if (other !== m) out.push({ value: other, label: `other case of ${JSON.stringify(m)}` });
  }
  const first = strings[0];
  if (first !== undefined) {
    out.push({ value: ` ${first} `, label: `${JSON.stringify(first)} padded with spaces` });
    if (first.length > 1)
      out.push({
        value: first.slice(0, Math.ceil(first.length / 2)),
        label: `a prefix of ${JSON.stringify(first)}`,
      });
  }
  out.push({ value: "cbcheck_unknown", label: "a value the enumeration does not hold" });
  return out.filter((v) => !members.some((m) => sameJson(m, v.value)));
}
