/**
 * Every format the schema registry's ajv knows, as one importable map: ajv-formats' full formats, the
 * RFC-strict formats of strict-formats.ts over them, and our own plain-text and node-id preferences. The
 * registry adds them to its ajv instances (schema-registry.ts) and hands the same map to the precompiled
 * validators (precompiled.ts), so both judge a value by the very same functions.
 */
import type { Ajv2020, Format } from "ajv/dist/2020.js";
import formatsModule, { type FormatsPlugin } from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { NODE_ID_FORMAT, nodeIdTest } from "./node-id.js";
import { isPlainText, PLAIN_TEXT_FORMAT } from "./plain-text.js";
import { STRICT_FORMATS } from "./strict-formats.js";

/** Format name → its definition, as `ajv.addFormat` takes it. */
export type RegistryFormats = Readonly<Record<string, Format>>;

// ajv-formats is CommonJS: under NodeNext its default import is `module.exports`, whose `.default` is the plugin.
const formatsExports = formatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin };
const addAjvFormats: FormatsPlugin = formatsExports.default ?? formatsExports;

/**
 * The formats of a registry whose node types are `nodeTypes()` (asked on the node-id format's first use, so
 * that a schemas directory without node.schema.json, which knows no node type, fails only if it uses it).
 */
export function registryFormats(nodeTypes: () => readonly string[]): RegistryFormats {
  let nodeId: ((id: string) => boolean) | undefined;
  const strict = Object.entries(STRICT_FORMATS).map(([name, validate]) => [
    name,
    { type: "string", validate },
  ]);
  return {
    ...fullFormats,
    ...Object.fromEntries(strict),
    [PLAIN_TEXT_FORMAT]: isPlainText,
    [NODE_ID_FORMAT]: (id: string) => {
      nodeId ??= nodeIdTest(nodeTypes());
      return nodeId(id);
    },
  };
}

/**
 * Adds ajv-formats (its formats and its `formatMinimum`-like keywords) to `ajv`, then every format of
 * `formats` over its definitions. Must run before any schema compiles: addFormat replaces a definition.
 */
export function addRegistryFormats(ajv: Ajv2020, formats: RegistryFormats): void {
  addAjvFormats(ajv);
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
}

/** The test of one format of `formats` as ajv applies it to a string; undefined when it has none. */
export function formatTestOf(
  formats: RegistryFormats,
  name: string,
): ((value: string) => boolean) | undefined {
  const known = formats[name];
  if (typeof known === "function") return known as (value: string) => boolean;
  if (known instanceof RegExp) return (value) => known.test(value);
  if (known && typeof known === "object" && "validate" in known) {
    const { validate } = known;
    if (typeof validate === "function") return validate as (value: string) => boolean;
    if (validate instanceof RegExp) return (value) => validate.test(value);
  }
  return undefined;
}
