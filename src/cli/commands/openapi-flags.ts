/**
 * The flags of `cbcheck openapi`, typed from `OpenApiOptions` and where the document goes: every option is a
 * flag.
 */
import type { OpenApiOptions } from "../../openapi/document.js";
import { OPENAPI_DEFAULTS } from "../../openapi/openapi-defaults.js";
import { httpUrl } from "../../option-values.js";
import type { Flag, FlagTable } from "../flag-table.js";

/** Where `cbcheck openapi` writes the document. */
export interface OpenApiOutputOptions {
  /** A file instead of stdout. */
  output?: string;
}

/** The flag that sets the default of a server variable: an http(s) URL. */
function serverVariable(flag: string, variable: string, fallback: string): Flag<string> {
  return {
    flags: `${flag} <url>`,
    description: `default of the {${variable}} server variable`,
    parse: (text) => httpUrl(text, flag),
    default: fallback,
  };
}

/** `cbcheck openapi`'s decision for every option of `OpenApiOptions` and `OpenApiOutputOptions`. */
export const OPENAPI_FLAGS: FlagTable<OpenApiOptions & OpenApiOutputOptions> = {
  output: { flags: "--output <file>", description: "write to this file instead of stdout" },
  baseUrl: serverVariable("--base-url", "base_url", OPENAPI_DEFAULTS.baseUrl),
  altBaseUrl: serverVariable("--alt-base-url", "alt_base_url", OPENAPI_DEFAULTS.altBaseUrl),
};
