/**
 * The flags of `cbcheck openapi`, typed from `OpenApiOptions` and where the document goes: every option is a
 * flag.
 */
import { OPENAPI_DEFAULTS, type OpenApiOptions } from "../../openapi/document.js";
import { httpUrl } from "../../option-values.js";
import type { FlagTable } from "../flag-table.js";

/** Where `cbcheck openapi` writes the document. */
export interface OpenApiOutputOptions {
  /** A file instead of stdout. */
  output?: string;
}

/** `cbcheck openapi`'s decision for every option of `OpenApiOptions` and `OpenApiOutputOptions`. */
export const OPENAPI_FLAGS: FlagTable<OpenApiOptions & OpenApiOutputOptions> = {
  output: { flags: "--output <file>", description: "write to this file instead of stdout" },
  baseUrl: {
    flags: "--base-url <url>",
    description: "default of the {base_url} server variable",
    parse: (text) => httpUrl(text, "--base-url"),
    default: OPENAPI_DEFAULTS.baseUrl,
  },
  altBaseUrl: {
    flags: "--alt-base-url <url>",
    description: "default of the {alt_base_url} server variable",
    parse: (text) => httpUrl(text, "--alt-base-url"),
    default: OPENAPI_DEFAULTS.altBaseUrl,
  },
};
