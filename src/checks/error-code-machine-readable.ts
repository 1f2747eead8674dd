import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { show } from "./support/json.js";
import { errorObject } from "./support/response.js";

/**
 * `error.code_machine_readable`: the error code looks like a machine-readable token, not a diagnostic.
 * "No backend diagnostics" cannot be proven from outside, so only obvious cases are flagged, as warnings.
 */
export const errorCodeMachineReadable: Check = {
  id: "error.code_machine_readable",
  section: "Resources and their fields / Error body",
  sentence: "Object `error` with `code` (string, required, stable machine-readable, no backend diagnostics)",
  level: "warn",
  appliesTo: (x) => typeof errorObject(x)?.code === "string",
  run(x) {
    const code = errorObject(x)?.code as string;
    if (/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(code)) return [];
    return [
      failure(errorCodeMachineReadable, {
        title: "error code does not look machine-readable",
        pointer: "/error/code",
        expected: "a short token such as invalid_arguments",
        received: show(code),
        severity: "warning",
      }),
    ];
  },
};
