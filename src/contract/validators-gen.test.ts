import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateValidators, VALIDATORS_FILE } from "../../scripts/gen-validators.js";
import { registryFormats } from "./formats/registry-formats.js";
import { PRECOMPILED_FILE, precompiledFor } from "./precompiled.js";
import { readSchemaFiles } from "./schema-files.js";

describe("generated/validators.cjs", () => {
  it("was generated from the current schemas/ (run `npm run gen:validators` after changing a schema)", () => {
    expect(precompiledFor(undefined, readSchemaFiles())).toBeDefined();
  });

  it("is what `npm run gen:validators` generates (the same ajv, options and formats)", () => {
    expect(VALIDATORS_FILE).toBe(PRECOMPILED_FILE);
    expect(generateValidators()).toBe(readFileSync(VALIDATORS_FILE, "utf8"));
  });

  it("holds both validators for every schema that names an $id", () => {
    const precompiled = precompiledFor(undefined, readSchemaFiles())!;
    const formats = registryFormats(() => []);
    const ids = readSchemaFiles().map((f) => f.schema.$id);
    expect(Object.keys(precompiled.fastValidators(formats))).toEqual(expect.arrayContaining(ids));
    expect(Object.keys(precompiled.fullValidators(formats, () => ({})))).toEqual(expect.arrayContaining(ids));
  });
});
