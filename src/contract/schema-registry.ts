/**
 * A registry over one schemas directory: ajv (JSON Schema 2020-12, strict, ajv-formats, discriminator),
 * each schema compiled once on first use and cached by name. Two validators per schema: a fast one that
 * stops at the first error, and an allErrors+verbose one that runs only when the fast one fails.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formatsModule, { type FormatsPlugin } from "ajv-formats";
import { HarnessError } from "../errors.js";
import { type JsonSchema, readSchemaFiles, type SchemaFile } from "./schema-files.js";
import { locateSchemas, type SchemaLocations } from "./schema-locations.js";
import { type SchemaViolation, toViolation } from "./violations.js";

/** The validator API over one schemas directory. */
export interface SchemaRegistry {
  /** Every violation of schema `name` by `value`; empty when valid. */
  validateAs(name: string, value: unknown): SchemaViolation[];
  /** Whether `value` is valid (first-error path only). */
  isValidAs(name: string, value: unknown): boolean;
  /** The frozen schema document of `name`. */
  getSchema(name: string): JsonSchema;
  /** Names of the loaded schema files, sorted. */
  schemaNames(): string[];
}

interface Validators {
  fast: ValidateFunction;
  /** Compiled on the first failure only: most runs never pay for it. */
  full?: ValidateFunction;
}

// ajv-formats is CommonJS: under NodeNext its default import is `module.exports`, whose `.default` is the plugin.
const formatsExports = formatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin };
const addFormats: FormatsPlugin = formatsExports.default ?? formatsExports;

function newAjv(allErrors: boolean): Ajv2020 {
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
  // Annotation read by json-schema-to-typescript (scripts/gen-types.ts); no validation meaning.
  ajv.addVocabulary(["tsType"]);
  return ajv;
}

/** Reads every `*.schema.json` of `dir` and returns a registry over them (schemas compile lazily). */
export function createSchemaRegistry(dir?: string): SchemaRegistry {
  const files = new Map<string, SchemaFile>(readSchemaFiles(dir).map((f) => [f.name, f]));
  const fast = newAjv(false);
  const full = newAjv(true);
  // A schema ajv refuses is reported when it is asked for, so one bad file does not break the others.
  const refused = new Map<string, string>();
  for (const file of files.values()) {
    const key = typeof file.schema.$id === "string" ? undefined : file.name;
    try {
      fast.addSchema(file.schema, key);
      full.addSchema(file.schema, key);
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

  function compile(ajv: Ajv2020, name: string): ValidateFunction {
    const file = fileOf(name);
    const refusal = refused.get(name);
    if (refusal) throw new HarnessError("CB_SCHEMA_INVALID", `schemas/${name}.schema.json: ${refusal}`);
    try {
      return ajv.getSchema(typeof file.schema.$id === "string" ? file.schema.$id : name)!;
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new HarnessError("CB_SCHEMA_INVALID", `schemas/${name}.schema.json does not compile: ${reason}`, {
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

  return {
    validateAs(name, value) {
      const validators = validatorsFor(name);
      if (validators.fast(value)) return [];
      validators.full ??= compile(full, name);
      validators.full(value);
      return (validators.full.errors ?? []).map((error) => toViolation(error, locations));
    },
    isValidAs: (name, value) => validatorsFor(name).fast(value) === true,
    getSchema: (name) => fileOf(name).schema,
    schemaNames: names,
  };
}
