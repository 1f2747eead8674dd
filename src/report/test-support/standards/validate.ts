/**
 * The standards our artefacts are read by, as the tools that read them check them: JUnit XML against Jenkins'
 * junit-10.xsd (libxml2's xmllint, built to WebAssembly: no system package) and HAR 1.2 with har-validator.
 */
import { readFileSync } from "node:fs";
import { har } from "har-validator";
import { validateXML } from "xmllint-wasm";

const JUNIT_XSD = readFileSync(new URL("./junit-10.xsd", import.meta.url), "utf8");

/**
 * xmllint's complaints about JUnit XML files (name → text) against Jenkins' junit-10.xsd (none: all valid),
 * each naming its file. One call for many files: starting the WebAssembly module costs about half a second.
 */
export async function junitXsdErrors(files: Readonly<Record<string, string>>): Promise<string[]> {
  const result = await validateXML({
    xml: Object.entries(files).map(([fileName, contents]) => ({ fileName, contents })),
    schema: [{ fileName: "junit-10.xsd", contents: JUNIT_XSD }],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** har-validator's complaints about a HAR document (none: valid HAR 1.2). */
export async function harErrors(document: unknown): Promise<string[]> {
  try {
    await har(document);
    return [];
  } catch (error) {
    const errors = (error as { errors?: { dataPath?: string; instancePath?: string; message?: string }[] })
      .errors;
    return errors?.map((e) => `${e.dataPath ?? e.instancePath ?? ""} ${e.message ?? ""}`) ?? [String(error)];
  }
}
