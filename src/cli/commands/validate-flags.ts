/**
 * The flags of `cbcheck validate`, typed from `ValidateOptions` and how the result is printed: every option
 * is a flag.
 */
import type { ValidateOptions } from "../../checks/validate/options.js";
import { parseOperation } from "../../checks/validate/request-input.js";
import { parseStatus, VALIDATE_DEADLINE_S } from "../../checks/validate/validate-defaults.js";
import { integerIn } from "../../option-values.js";
import type { FlagTable } from "../flag-table.js";

/** How `cbcheck validate` prints its result. */
export interface ValidateOutputOptions {
  /** The result as JSON on stdout instead of one line per violation. */
  json?: boolean;
}

/** `cbcheck validate`'s decision for every option of `ValidateOptions` and `ValidateOutputOptions`. */
export const VALIDATE_FLAGS: FlagTable<ValidateOptions & ValidateOutputOptions> = {
  as: {
    flags: "--as <kind>",
    description: "what the document is: a schema name or alias (see below); inferred when left out",
  },
  request: { flags: "--request <json>", description: "the request the document answers, as JSON or @file" },
  operation: {
    flags: "--operation <op>",
    description: "operation: resolve, entity-get, entity-batch, me, …",
    parse: parseOperation,
  },
  path: { flags: "--path <path>", description: "request path with query string, relative to the base URL" },
  status: {
    flags: "--status <n>",
    description: "HTTP status of the response (default 200; 400 for --as error)",
    parse: parseStatus,
  },
  deadlineS: {
    flags: "--deadline-s <s>",
    description:
      "stop judging after this many seconds: no verdict, exit 2 (large documents judge on a worker)",
    parse: (text) => integerIn(text, "--deadline-s"),
    default: VALIDATE_DEADLINE_S,
  },
  json: { flags: "--json", description: "print the result as JSON" },
};
