/**
 * Predicate names for `include`. The contract shows one (`HAS_ROLE`) and says the rest are not shown
 * (Resources / Edge), so others are upper-case names the target may simply not know (no edges, not an error).
 */
import fc from "fast-check";

/** `HAS_ROLE` mostly, otherwise an upper-snake-case name. */
export function predicateName(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant("HAS_ROLE"), weight: 3 },
    { arbitrary: fc.stringMatching(/^[A-Z][A-Z0-9_]{0,39}$/), weight: 1 },
  );
}
