/**
 * `cbcheck openapi [--output FILE]`: writes the OpenAPI 3.1 document of contract cb/v1, generated from
 * schemas/, to stdout or a file (for Schemathesis, Prism, k6 and other OpenAPI tools).
 */
import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { HarnessError } from "../../errors.js";
import { buildOpenApiDocument, OPENAPI_DEFAULTS } from "../../openapi/document.js";

interface OpenApiFlags {
  output?: string;
  baseUrl?: string;
  altBaseUrl?: string;
}

const HELP = `
The document declares every operation of the contract, its parameters and bounds (JSON-encoded query
parameters as application/json parameters), request bodies, the 200 body and every error status with the
error body, Retry-After on 429, WWW-Authenticate on 401, the bearer scheme and the servers {base_url} and
{alt_base_url}. Where the contract says "not shown", no shape is declared. See docs/openapi.md.

Examples:
  cbcheck openapi > cb-v1.openapi.json
  cbcheck openapi --output cb-v1.openapi.json --base-url https://api.example.com/v1
  schemathesis run cb-v1.openapi.json --url http://127.0.0.1:8080/v1 -H "Authorization: Bearer $CB_API_KEY"

Exit codes:
  0  the document was written
  2  bad usage, or the output file cannot be written
`;

function httpUrl(name: string): (value: string) => string {
  return (value) => {
    if (!/^https?:\/\/[^\s]+$/.test(value) || !URL.canParse(value)) {
      throw new HarnessError("CB_USAGE", `--${name} must be an http(s) URL, got "${value}"`);
    }
    return value;
  };
}

async function action(flags: OpenApiFlags): Promise<void> {
  const document = buildOpenApiDocument({ baseUrl: flags.baseUrl, altBaseUrl: flags.altBaseUrl });
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (flags.output === undefined) {
    process.stdout.write(text);
    return;
  }
  try {
    await writeFile(flags.output, text);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "error";
    throw new HarnessError("CB_OUTPUT_UNWRITABLE", `cannot write ${flags.output} (${code})`);
  }
}

/** Registers `cbcheck openapi`. */
export function registerOpenApi(program: Command): void {
  program
    .command("openapi")
    .description("write the OpenAPI 3.1 document of contract cb/v1, generated from schemas/")
    .option("--output <file>", "write to this file instead of stdout")
    .option(
      "--base-url <url>",
      "default of the {base_url} server variable",
      httpUrl("base-url"),
      OPENAPI_DEFAULTS.baseUrl,
    )
    .option(
      "--alt-base-url <url>",
      "default of the {alt_base_url} server variable",
      httpUrl("alt-base-url"),
      OPENAPI_DEFAULTS.altBaseUrl,
    )
    .addHelpText("after", HELP)
    .action(action);
}
