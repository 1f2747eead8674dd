/**
 * Compiles the schemas embedded in an OpenAPI document with ajv (JSON Schema 2020-12, strict, formats,
 * discriminator), as a tool that reuses `components/schemas` would: `#/components/schemas/…` refs resolve
 * inside the document.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formatsModule, { type FormatsPlugin } from "ajv-formats";

const formatsExports = formatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin };
const addFormats: FormatsPlugin = formatsExports.default ?? formatsExports;

const ROOT = "urn:cbcheck:openapi";

/** A validator factory over the document's components: `validatorFor(schema)` compiles any schema object. */
export function componentCompiler(document: { components: { schemas: unknown } }) {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, discriminator: true });
  addFormats(ajv);
  // The root only carries the components so that their refs resolve; it is not itself a schema keyword.
  ajv.addKeyword({ keyword: "components" });
  ajv.addSchema({ $id: ROOT, components: { schemas: document.components.schemas } });
  return {
    /** The validator of component `name`. */
    component: (name: string): ValidateFunction =>
      ajv.compile({ $ref: `${ROOT}#/components/schemas/${name}` }),
    /** The validator of a schema taken from the document (its `#/components/…` refs resolve in the document). */
    schema: (schema: object): ValidateFunction => ajv.compile(rebase(schema)),
  };
}

/** Rewrites `#/components/…` refs of a schema taken out of the document to absolute ones. */
function rebase(schema: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${ROOT}#/components/`));
}
