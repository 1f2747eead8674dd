/**
 * How the schema registry configures ajv and loads a schemas directory into it: one place, used by the
 * registry at run time (schema-registry.ts) and by the generator of the precompiled validators
 * (scripts/gen-validators.ts), so that both compile the very same validators.
 */
import { _, Ajv2020, Name } from "ajv/dist/2020.js";
import { addRegistryFormats, type RegistryFormats } from "./formats/registry-formats.js";
import { hasPreferred, PREFERRED, preferredView } from "./preferred-view.js";
import type { JsonSchema, SchemaFile } from "./schema-files.js";

/** The name the precompiled validators give the format map (`registryFormats`) they import. */
export const FORMATS_NAME = "cbFormats";

/** What a registry's ajv is for, beside its formats. */
export interface AjvPurpose {
  /** Keep each function's code for ajv's standalone generation (scripts/gen-validators.ts). */
  source?: boolean;
  /** The schemas were checked against the meta-schema before (skips compiling it: a few hundred ms). */
  checked?: boolean;
}

/**
 * A new ajv for the registry: JSON Schema 2020-12, strict, `formats`, discriminator. `allErrors`: the slow
 * every-error validator.
 */
export function newRegistryAjv(
  allErrors: boolean,
  formats: RegistryFormats,
  { source = false, checked = false }: AjvPurpose = {},
): Ajv2020 {
  // verbose (slow path only) gives each error its parentSchema, from which the file and place are known.
  // The error collector need not be fast at run time, so it skips ref inlining, which halves its compile time.
  const ajv = new Ajv2020({
    strict: true,
    allErrors,
    verbose: allErrors,
    inlineRefs: !allErrors,
    allowUnionTypes: true,
    discriminator: true,
    validateSchema: !checked,
    // Standalone code refers to a non-regex format as `cbFormats[name]`: the map the registry hands it.
    ...(source
      ? { code: { source: true, esm: true, lines: true, formats: _`${new Name(FORMATS_NAME)}` } }
      : {}),
  });
  addRegistryFormats(ajv, formats);
  // `tsType`: read by json-schema-to-typescript (scripts/gen-types.ts). PREFERRED: folded into the
  // preferred views only (preferred-view.ts). Neither has a meaning for the stated validators.
  ajv.addVocabulary(["tsType", PREFERRED]);
  return ajv;
}

/** The preferred view of each file that states a preference and has an `$id`, by file name. */
export function preferredViews(files: Iterable<SchemaFile>): Map<string, JsonSchema> {
  const views = new Map<string, JsonSchema>();
  for (const file of files) {
    const id = file.schema.$id;
    if (typeof id === "string" && hasPreferred(file.schema))
      views.set(file.name, preferredView(file.schema, id));
  }
  return views;
}

/**
 * Adds every file (and its preferred view, from `views`) to `ajv`; returns the files ajv refused, with its
 * reason, so that one bad file is reported when it is asked for and does not break the others.
 */
export function addRegistrySchemas(
  ajv: Ajv2020,
  files: Iterable<SchemaFile>,
  views: ReadonlyMap<string, JsonSchema>,
): Map<string, string> {
  const refused = new Map<string, string>();
  for (const file of files) {
    const id = typeof file.schema.$id === "string" ? file.schema.$id : undefined;
    try {
      ajv.addSchema(file.schema, id ? undefined : file.name);
      const view = views.get(file.name);
      if (view) ajv.addSchema(view);
    } catch (error) {
      refused.set(file.name, error instanceof Error ? error.message : String(error));
    }
  }
  return refused;
}

/** The key ajv knows a file under (its `$id`, else its name), and that of its preferred view if any. */
export function registryKeys(file: SchemaFile, views: ReadonlyMap<string, JsonSchema>): string[] {
  const own = typeof file.schema.$id === "string" ? file.schema.$id : file.name;
  const view = views.get(file.name)?.$id;
  return typeof view === "string" ? [own, view] : [own];
}
