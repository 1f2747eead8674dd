/**
 * Keeps the `components/schemas` the document uses: the schema files whose root only carries `$defs`
 * (identifiers, numeric) and the request schemas read into Parameter Objects would otherwise be components that
 * nothing points at, which OpenAPI linters report (Redocly's `no-unused-components`).
 */
import type { Json } from "./components.js";

const REF = /^#\/components\/schemas\/([^/]+)/;

/** The component names `value` points at with `$ref`. */
function refsIn(value: Json, into: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value !== null && typeof value === "object")
    for (const [key, inner] of Object.entries(value)) {
      const name = key === "$ref" && typeof inner === "string" ? REF.exec(inner)?.[1] : undefined;
      if (name !== undefined) into.add(decodeURIComponent(name));
      else refsIn(inner, into);
    }
}

/** The components reachable from `roots` (the paths and the other components), in their original order. */
export function usedComponents(schemas: Record<string, Json>, roots: readonly Json[]): Record<string, Json> {
  const used = new Set<string>();
  for (const root of roots) refsIn(root, used);
  const pending = [...used];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const found = new Set<string>();
    refsIn(schemas[name] ?? null, found);
    for (const next of found)
      if (!used.has(next)) {
        used.add(next);
        pending.push(next);
      }
  }
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
}
