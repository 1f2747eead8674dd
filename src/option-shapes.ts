/**
 * The JavaScript types of options at the library's edge. A caller in plain JavaScript (or TypeScript past a
 * cast) can pass `{ suites: "http" }`; deep inside that would end as a `TypeError`. `checkShapes` refuses it
 * first, with the documented `HarnessError` `CB_USAGE` naming the function and the option. A table gives every
 * option of an options type its kind (`ShapeTable<O>`: none can be forgotten), as the CLI's flag table does;
 * values (ranges, URLs) are still checked by each command's resolver.
 */
import { HarnessError } from "./errors.js";

/** What an option must be: its JavaScript type; `object` is any non-null object (an instance, an array). */
export type Shape =
  | "string"
  | "number"
  | "boolean"
  | "function"
  | "object"
  | "string[]"
  | "object[]"
  | "string or object"
  | "string record"
  | "any";

/** Every option of `O` with its shape. */
export type ShapeTable<O> = { [K in keyof O]-?: Shape };

function isShape(value: unknown, shape: Shape): boolean {
  switch (shape) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && !Number.isNaN(value);
    case "boolean":
      return typeof value === "boolean";
    case "function":
      return typeof value === "function";
    case "object":
      return typeof value === "object" && value !== null;
    case "string[]":
      return Array.isArray(value) && value.every((v) => typeof v === "string");
    case "object[]":
      return Array.isArray(value) && value.every((v) => typeof v === "object" && v !== null);
    case "string or object":
      return (
        typeof value === "string" || (typeof value === "object" && value !== null && !Array.isArray(value))
      );
    case "string record":
      return (
        typeof value === "object" &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((v) => v === undefined || typeof v === "string")
      );
    case "any":
      return true;
  }
}

/** How a value is named in a refusal: its type, and a short rendering. */
function described(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
}

/** Refuses `value` unless it is of `shape` (`what`: the function and the argument, for the message). */
export function checkShape(value: unknown, shape: Shape, what: string): void {
  if (!isShape(value, shape))
    throw new HarnessError("CB_USAGE", `${what} must be ${article(shape)}, got ${described(value)}`);
}

const article = (shape: Shape) => (/^(object|any)/.test(shape) ? `an ${shape}` : `a ${shape}`);

/**
 * Refuses options of `fn` that are not a plain object (or undefined), hold an option `table` does not know, or
 * an option of another shape than its table entry (undefined always passes: every option is optional here).
 */
export function checkShapes<O>(fn: string, options: unknown, table: ShapeTable<O>): void {
  if (options === undefined) return;
  if (typeof options !== "object" || options === null || Array.isArray(options))
    throw new HarnessError("CB_USAGE", `${fn}: options must be an object, got ${described(options)}`);
  const shapes = table as Record<string, Shape>;
  for (const [name, value] of Object.entries(options)) {
    if (!(name in shapes)) {
      const known = Object.keys(shapes).join(", ");
      throw new HarnessError("CB_USAGE", `${fn}: unknown option "${name}" (options: ${known})`);
    }
    if (value !== undefined) checkShape(value, shapes[name], `${fn}: option ${name}`);
  }
}
