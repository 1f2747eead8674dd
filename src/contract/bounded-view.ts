/**
 * A bounded copy of a body for collecting schema violations. ajv's every-error validator does work (and
 * holds an error object) for every bad item, and joins the errors of each `$ref` call by copying, so a
 * long array of bad items costs time quadratic and memory linear in its length. The contract caps every
 * array it bounds (at most 1000 items), so a copy that keeps one item past the largest cap still shows
 * each cap broken, once, and the first items' faults; whether the body is valid is always decided on the
 * whole body by the first-error validator, never on this copy.
 *
 * What is cut can hide violations but never invent one: arrays keep a prefix at least as long as any
 * `minItems`, objects keep every property name the schemas name (so no `required` goes missing), containers
 * deeper than any schema looks are copied empty, and the schemas use no keyword that a shorter array or
 * fewer unknown keys could newly break.
 */

/** How much of a body the copy keeps. */
export interface ViewLimits {
  /** Items kept per array: one more than the largest `maxItems` of the schemas. */
  items: number;
  /** Items kept per array once the budget is spent: at least the largest `minItems`. */
  fewItems: number;
  /** Property names the schemas name: always kept. */
  known: ReadonlySet<string>;
  /** Unnamed properties kept per object (additional properties, organisation-number keys). */
  otherKeys: number;
  /** Values copied before arrays shrink to `fewItems` and objects to their named properties. */
  budget: number;
  /** Containers copied below the root; deeper ones are copied empty (deeper than any schema looks). */
  depth: number;
}

/** The copy, and whether anything was left out. */
export interface BoundedView {
  value: unknown;
  isCut: boolean;
}

/** A breadth-first copy of `value` within `limits` (breadth first: the fields near the root come whole). */
export function boundedView(value: unknown, limits: ViewLimits): BoundedView {
  if (typeof value !== "object" || value === null) return { value, isCut: false };
  const state = { isCut: false, copied: 0 };
  const root = shellOf(value);
  const queue: Pending[] = [{ from: value, to: root, depth: 1 }];
  for (let head = 0; head < queue.length; head++) {
    const pending = queue[head];
    queue[head] = undefined as never; // let the processed entries be collected
    const spent = state.copied >= limits.budget;
    const add = (child: unknown): unknown => {
      state.copied++;
      if (typeof child !== "object" || child === null) return child;
      const shell = shellOf(child);
      // No schema looks this deep: an empty container of the same type stands in for what is below, and
      // hides no violation (so it does not count as a cut).
      if (pending.depth < limits.depth) queue.push({ from: child, to: shell, depth: pending.depth + 1 });
      return shell;
    };
    if (Array.isArray(pending.from)) {
      const n = Math.min(pending.from.length, spent ? limits.fewItems : limits.items);
      if (n < pending.from.length) state.isCut = true;
      const to = pending.to as unknown[];
      for (let i = 0; i < n; i++) to.push(add(pending.from[i]));
    } else {
      const from = pending.from as Record<string, unknown>;
      const to = pending.to as Record<string, unknown>;
      let others = 0;
      for (const key of Object.keys(from)) {
        if (limits.known.has(key)) to[key] = add(from[key]);
        else if (!spent && others < limits.otherKeys) {
          others++;
          to[key] = add(from[key]);
        } else state.isCut = true;
      }
    }
  }
  return { value: root, isCut: state.isCut };
}

/** A container still to copy, and how deep it sits (the root is 1). */
interface Pending {
  from: object;
  to: object;
  depth: number;
}

function shellOf(value: object): object {
  return Array.isArray(value) ? [] : {};
}

/** Budget of copied values: several times a maximum-size valid entity read, so such a body is copied whole. */
const BUDGET = 400_000;
/** Containers copied in depth: the schemas name nothing deeper than about 10 (see response.structure_bounded). */
const DEPTH = 32;
/** Unnamed properties kept per object: more than any keyed map of the contract holds (100 organisations). */
const OTHER_KEYS = 1000;

/** The limits for a set of schema documents: their largest caps and every property name they use. */
export function viewLimitsOf(schemas: Iterable<unknown>): ViewLimits {
  let maxItems = 0;
  let minItems = 0;
  const known = new Set<string>();
  // Schema documents are trusted, small and acyclic as parsed: recursion is fine here.
  const walk = (s: unknown): void => {
    if (typeof s !== "object" || s === null) return;
    if (Array.isArray(s)) {
      s.forEach(walk);
      return;
    }
    const o = s as Record<string, unknown>;
    if (typeof o.maxItems === "number") maxItems = Math.max(maxItems, o.maxItems);
    if (typeof o.minItems === "number") minItems = Math.max(minItems, o.minItems);
    if (o.properties && typeof o.properties === "object")
      for (const k of Object.keys(o.properties)) known.add(k);
    if (Array.isArray(o.required)) for (const k of o.required) if (typeof k === "string") known.add(k);
    Object.values(o).forEach(walk);
  };
  for (const s of schemas) walk(s);
  return {
    items: maxItems + 1,
    fewItems: Math.max(minItems, 2),
    known,
    otherKeys: OTHER_KEYS,
    budget: BUDGET,
    depth: DEPTH,
  };
}
