/**
 * `cursor` for entity reads: null, or at most 5 items, each a string of at most 300 characters or a number
 * (Endpoints / GET /entities/{id}). Its meaning is not shown, so values are shaped only by those rules.
 */
import fc from "fast-check";
import { BOUNDS } from "./bounds.js";
import { boundedText } from "./text-units.js";

/** One cursor item: a string of at most 300 characters (code points, of every class) or a finite number. */
function cursorItem(): fc.Arbitrary<string | number> {
  return fc.oneof(
    boundedText(0, BOUNDS.cursorStringLength.max),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
}

/** Null (weighted: the usual first page) or an array of cursor items. */
export function cursorValue(): fc.Arbitrary<(string | number)[] | null> {
  const items = fc.array(cursorItem(), { maxLength: BOUNDS.cursorItems.max });
  return fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: items, weight: 1 });
}
