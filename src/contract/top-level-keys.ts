/**
 * The keys a JSON object text gives more than once at its top level. `JSON.parse` keeps the last value of a
 * repeated key and says nothing, while RFC 8259 §4 has names that "SHOULD be unique" and calls the behaviour
 * of a receiver unpredictable otherwise: a repeated key is open, so the classifier needs to see it. One pass
 * over the text, strings and nested values skipped; only called on text `JSON.parse` accepted.
 */

/** Top-level keys that appear twice or more in a JSON object text (empty for any other JSON text). */
export function topLevelKeysRepeated(text: string): string[] {
  let i = text.indexOf("{");
  if (i < 0 || text.slice(0, i).trim() !== "") return [];
  const seen = new Set<string>();
  const repeated = new Set<string>();
  let depth = 0;
  let expectKey = true;
  for (i++; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      if (depth === 0 && expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (seen.has(key)) repeated.add(key);
        seen.add(key);
        expectKey = false;
      }
      i = end;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      if (depth === 0) break;
      depth--;
    } else if (c === "," && depth === 0) expectKey = true;
  }
  return [...repeated];
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return text.length - 1;
}
