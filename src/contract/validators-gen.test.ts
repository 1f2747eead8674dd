import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generateValidators, VALIDATORS_FILE } from "../../scripts/gen-validators.js";
import { readSchemaFiles, schemasDigest } from "./schema-files.js";
import { SCHEMAS_DIGEST, VALIDATORS } from "./validators.gen.js";

describe("validators.gen.ts", () => {
  it("was generated from the current schemas/ (run `npm run gen:validators` after changing a schema)", () => {
    expect(SCHEMAS_DIGEST).toBe(schemasDigest(readSchemaFiles()));
  });

  it("is what `npm run gen:validators` generates (the same ajv, options and formats)", () => {
    expect(generateValidators()).toBe(readFileSync(VALIDATORS_FILE, "utf8"));
  });

  it("holds a validator for every schema that names an $id", () => {
    const ids = readSchemaFiles().map((f) => f.schema.$id);
    expect(Object.keys(VALIDATORS)).toEqual(expect.arrayContaining(ids));
  });
});
