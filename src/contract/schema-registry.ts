/**
 * A registry over one schemas directory: ajv (JSON Schema 2020-12, strict, ajv-formats with the RFC-strict
 * formats of formats/strict-formats.ts over it, discriminator; registry-ajv.ts), each schema compiled once on
 * first use and cached by name. Two validators per schema: a fast one that stops at the first error, and an
 * allErrors+verbose one that runs only when the fast one fails. A request schema also has its preferred view
 * (preferred-view.ts), validated the same way. Over the shipped schemas/ both are not compiled but loaded,
 * precompiled (precompiled.ts, `npm run gen:validators`); over any other directory they compile on first use.
 */
import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";
import { HarnessError } from "../errors.js";
import { boundedView, viewLimitsOf } from "./bounded-view.js";
import { formatTestOf, registryFormats } from "./formats/registry-formats.js";
import { nodeTypesOf } from "./node-types.js";
import { precompiledFor, type ValidatorsByKey } from "./precompiled.js";
import { addRegistrySchemas, newRegistryAjv, preferredViews } from "./registry-ajv.js";
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

/** One ajv instance with every file added, and the files it refused (with ajv's reason). */
interface LoadedAjv {
  ajv: Ajv2020;
  refused: Map<string, string>;
}

/** How a registry is made. */
export interface RegistryOptions {
  /** Use the precompiled validators when the schemas are the shipped ones (default true; false: tests). */
  precompiled?: boolean;
}

/** Reads every `*.schema.json` of `dir` and returns a registry over them (schemas compile lazily). */
export function createSchemaRegistry(dir?: string, options: RegistryOptions = {}): SchemaRegistry {
  const list = readSchemaFiles(dir);
  const files = new Map<string, SchemaFile>(list.map((f) => [f.name, f]));
  // Asked on the node-id format's first use: a directory without node.schema.json knows no node type.
  const formats = registryFormats(() => {
    const node = files.get("node")?.schema;
    return node ? nodeTypesOf(node) : [];
  });
  const views = preferredViews(files.values());
  const precompiled = options.precompiled === false ? undefined : precompiledFor(dir, list);
  const load = (allErrors: boolean): LoadedAjv => {
    // Schemas the precompiled validators were generated from passed ajv's check of them then.
    const ajv = newRegistryAjv(allErrors, formats, { checked: precompiled !== undefined });
    return { ajv, refused: addRegistrySchemas(ajv, files.values(), views) };
  };
  // Without precompiled validators both instances load now (a refused file is reported when asked for);
  // with them, neither is needed.
  let fast: LoadedAjv | undefined = precompiled ? undefined : load(false);
  let full: LoadedAjv | undefined = precompiled ? undefined : load(true);
  let fastBound: ValidatorsByKey | undefined;
  let fullBound: ValidatorsByKey | undefined;
  const fastAjv = (): LoadedAjv => {
    fast ??= load(false);
    return fast;
  };
  const fullAjv = (): LoadedAjv => {
    full ??= load(true);
    return full;
  };
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
    const viewId = view === "preferred" ? views.get(file)?.$id : undefined;
    if (typeof viewId === "string") return viewId;
    return typeof schema.$id === "string" ? schema.$id : file;
  }

  function compile(loaded: LoadedAjv, name: string): ValidateFunction {
    const file = name.split("#")[0];
    const key = keyOf(name);
    const refusal = loaded.refused.get(file);
    if (refusal) throw new HarnessError("CB_SCHEMA_INVALID", `schemas/${file}.schema.json: ${refusal}`);
    try {
      return loaded.ajv.getSchema(key)!;
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
      fastBound ??= precompiled?.fastValidators(formats);
      validators = { fast: fastBound?.[keyOf(name)] ?? compile(fastAjv(), name) };
      compiled.set(name, validators);
    }
    return validators;
  }

  /** The every-error validator of `name`: precompiled, bound to this registry's documents, or compiled. */
  function fullValidator(name: string): ValidateFunction {
    if (precompiled) {
      fullBound ??= precompiled.fullValidators(formats, (file, path, view) =>
        path.reduce<unknown>(
          (at, key) => (at as Record<string, unknown>)[key],
          view ? views.get(file) : fileOf(file).schema,
        ),
      );
      const validator = fullBound[keyOf(name)];
      if (validator) return validator;
    }
    return compile(fullAjv(), name);
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
    validators.full ??= fullValidator(name);
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
    formatTest: (format) => formatTestOf(formats, format),
    getSchema: (name) => fileOf(name).schema,
    schemaNames: names,
  };
}
