/**
 * A registry over one schemas directory: ajv (JSON Schema 2020-12, strict, ajv-formats with the RFC-strict
 * formats of formats/strict-formats.ts over it, discriminator),
 * each schema compiled once on first use and cached by name. Two validators per schema: a fast one that
 * stops at the first error, and an allErrors+verbose one that runs only when the fast one fails. A request
 * schema also has its preferred view (preferred-view.ts), validated the same way.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formatsModule, { type FormatsPlugin } from "ajv-formats";
import { HarnessError } from "../errors.js";
import { boundedView, viewLimitsOf } from "./bounded-view.js";
import { NODE_ID_FORMAT, nodeIdTest } from "./formats/node-id.js";
import { isPlainText, PLAIN_TEXT_FORMAT } from "./formats/plain-text.js";
import { addStrictFormats } from "./formats/strict-formats.js";
import { nodeTypesOf } from "./node-types.js";
import { hasPreferred, PREFERRED, preferredId, preferredView } from "./preferred-view.js";
import { type JsonSchema, readSchemaFiles, type SchemaFile } from "./schema-files.js";
import { locateSchemas, type SchemaLocations } from "./schema-locations.js";
import { type SchemaViolation, toViolation } from "./violations.js";

/** The validator API over one schemas directory. */
export interface SchemaRegistry {
  /** The violations of schema `name` by `value` (at most `max`); empty when valid. */
  validateAs(name: string, value: unknown, max?: number): SchemaViolation[];
  /** The same, saying whether the list is complete (false when capped, or when parts were not examined). */
  collectViolations(name: string, value: unknown, max?: number): CollectedViolations;
  /** Whether `value` is valid (first-error path only). */
  isValidAs(name: string, value: unknown): boolean;
  /** The violations of the preferred view of `name` (the schema itself when it states no preference). */
  collectPreferredViolations(name: string, value: unknown, max?: number): CollectedViolations;
  /** Whether `value` is valid against the preferred view of `name`. */
  isPreferredAs(name: string, value: unknown): boolean;
  /** The test of a format as this registry validates it; undefined for a format it does not know. */
  formatTest(format: string): ((value: string) => boolean) | undefined;
  /** The frozen schema document of `name`. */
  getSchema(name: string): JsonSchema;
  /** Names of the loaded schema files, sorted. */
  schemaNames(): string[];
}

/** Violations of one value, at most a given number, and whether that is all of them. */
export interface CollectedViolations {
  violations: SchemaViolation[];
  /** False when more violations were found than returned, or may hide in parts of the value not examined. */
  isComplete: boolean;
}

/** Violations collected per validation unless a caller asks for another number. */
export const MAX_VIOLATIONS = 100;

interface Validators {
  fast: ValidateFunction;
  /** Compiled on the first failure only: most runs never pay for it. */
  full?: ValidateFunction;
}

// ajv-formats is CommonJS: under NodeNext its default import is `module.exports`, whose `.default` is the plugin.
const formatsExports = formatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin };
const addFormats: FormatsPlugin = formatsExports.default ?? formatsExports;

/** The formats of our own preferences (request schemas name them only under `x-cbcheck-preferred`). */
interface OwnFormats {
  nodeId: (id: string) => boolean;
}

function newAjv(allErrors: boolean, own: OwnFormats): Ajv2020 {
  // verbose (slow path only) gives each error its parentSchema, from which the file and place are known.
  // The error collector need not be fast at run time, so it skips ref inlining, which halves its compile time.
  const ajv = new Ajv2020({
    strict: true,
    allErrors,
    verbose: allErrors,
    inlineRefs: !allErrors,
    allowUnionTypes: true,
    discriminator: true,
  });
  addFormats(ajv);
  addStrictFormats(ajv);
  ajv.addFormat(PLAIN_TEXT_FORMAT, isPlainText);
  ajv.addFormat(NODE_ID_FORMAT, own.nodeId);
  // `tsType`: read by json-schema-to-typescript (scripts/gen-types.ts). PREFERRED: folded into the
  // preferred views only (preferred-view.ts). Neither has a meaning for the stated validators.
  ajv.addVocabulary(["tsType", PREFERRED]);
  return ajv;
}

/** Reads every `*.schema.json` of `dir` and returns a registry over them (schemas compile lazily). */
export function createSchemaRegistry(dir?: string): SchemaRegistry {
  const files = new Map<string, SchemaFile>(readSchemaFiles(dir).map((f) => [f.name, f]));
  let nodeId: ((id: string) => boolean) | undefined;
  const own: OwnFormats = {
    // Built on first use: a directory without node.schema.json knows no node type.
    nodeId: (id) => {
      const node = files.get("node")?.schema;
      nodeId ??= nodeIdTest(node ? nodeTypesOf(node) : []);
      return nodeId(id);
    },
  };
  const fast = newAjv(false, own);
  const full = newAjv(true, own);
  // A schema ajv refuses is reported when it is asked for, so one bad file does not break the others.
  const refused = new Map<string, string>();
  const preferred = new Map<string, string>();
  for (const file of files.values()) {
    const id = typeof file.schema.$id === "string" ? file.schema.$id : undefined;
    try {
      fast.addSchema(file.schema, id ? undefined : file.name);
      full.addSchema(file.schema, id ? undefined : file.name);
      if (id && hasPreferred(file.schema)) {
        const view = preferredView(file.schema, id);
        fast.addSchema(view);
        full.addSchema(view);
        preferred.set(file.name, preferredId(id));
      }
    } catch (error) {
      refused.set(file.name, error instanceof Error ? error.message : String(error));
    }
  }
  const locations: SchemaLocations = locateSchemas(files.values());
  const compiled = new Map<string, Validators>();
  const names = () => [...files.keys()];

  function fileOf(name: string): SchemaFile {
    const file = files.get(name);
    if (!file)
      throw new HarnessError("CB_UNKNOWN_SCHEMA", `unknown schema "${name}" (known: ${names().join(", ")})`);
    return file;
  }

  /** The key a schema (or its preferred view, under `name#preferred`) is compiled under. */
  function keyOf(name: string): string {
    const [file, view] = name.split("#");
    const schema = fileOf(file).schema;
    if (view === "preferred" && preferred.has(file)) return preferred.get(file)!;
    return typeof schema.$id === "string" ? schema.$id : file;
  }

  function compile(ajv: Ajv2020, name: string): ValidateFunction {
    const file = name.split("#")[0];
    const key = keyOf(name);
    const refusal = refused.get(file);
    if (refusal) throw new HarnessError("CB_SCHEMA_INVALID", `schemas/${file}.schema.json: ${refusal}`);
    try {
      return ajv.getSchema(key)!;
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new HarnessError("CB_SCHEMA_INVALID", `schemas/${file}.schema.json does not compile: ${reason}`, {
        cause,
      });
    }
  }

  function validatorsFor(name: string): Validators {
    let validators = compiled.get(name);
    if (!validators) {
      validators = { fast: compile(fast, name) };
      compiled.set(name, validators);
    }
    return validators;
  }

  const limits = viewLimitsOf([...files.values()].map((f) => f.schema));

  /**
   * Validity is decided on the whole value by the first-error validator (linear, no error objects). Only a
   * failure pays for the every-error validator, and it runs on a bounded copy (see bounded-view.ts), so its
   * time and memory stay bounded by the contract's caps, not by a hostile body's length.
   */
  function collect(name: string, value: unknown, max = MAX_VIOLATIONS): CollectedViolations {
    const validators = validatorsFor(name);
    if (validators.fast(value)) return { violations: [], isComplete: true };
    const firstError = validators.fast.errors?.[0];
    validators.full ??= compile(full, name);
    const view = boundedView(value, limits);
    validators.full(view.value);
    const errors = validators.full.errors ?? (firstError ? [firstError] : []);
    validators.full.errors = null;
    const violations = errors.slice(0, max).map((error) => toViolation(error, locations));
    return { violations, isComplete: !view.isCut && errors.length <= max };
  }

  return {
    validateAs: (name, value, max) => collect(name, value, max).violations,
    collectViolations: (name, value, max) => collect(name, value, max),
    isValidAs: (name, value) => validatorsFor(name).fast(value) === true,
    collectPreferredViolations: (name, value, max) => collect(`${name}#preferred`, value, max),
    isPreferredAs: (name, value) => validatorsFor(`${name}#preferred`).fast(value) === true,
    formatTest: (format) => {
      const known = fast.formats[format];
      if (typeof known === "function") return known as (value: string) => boolean;
      if (known instanceof RegExp) return (value) => known.test(value);
      if (known && typeof known === "object" && "validate" in known) {
        const { validate } = known;
        if (typeof validate === "function") return validate as (value: string) => boolean;
        if (validate instanceof RegExp) return (value) => validate.test(value);
      }
      return undefined;
    },
    getSchema: (name) => fileOf(name).schema,
    schemaNames: names,
  };
}
