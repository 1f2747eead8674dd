/**
 * Reads the value a JSON pointer (RFC 6901) names, so failures can show what was received.
 */

/** The value at `pointer` inside `root`, or undefined when the path does not exist. */
export function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split("/")) {
    const token = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(current)) current = current[Number(token)];
    else if (typeof current === "object" && current !== null)
      current = (current as Record<string, unknown>)[token];
    else return undefined;
  }
  return current;
}
