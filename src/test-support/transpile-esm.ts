/**
 * Test helper: TypeScript source as plain ESM JavaScript (types stripped, nothing checked), for the test-only
 * modules a test starts as a process or a thread of their own without tsx's start-up.
 */
import ts from "typescript";

/** `source` transpiled to ES2022 modules. */
export function toEsmJavaScript(source: string): string {
  return ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
}
