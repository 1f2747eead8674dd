/**
 * Flags from a config file (`cbcheck.config.json`, or `--config FILE`, or `$CBCHECK_CONFIG`) and from
 * `CBCHECK_*` environment variables. Flags on the command line win, then the environment, then the file,
 * then the defaults. Values go through the same parsers as the flags, so a bad value is refused the same way.
 * The file is validated by a JSON Schema built from the commands' own flags: an unknown command or option is
 * an error, not silently ignored.
 */
import type { Command, Option } from "commander";
import { HarnessError } from "../errors.js";
import { FILE_LIMITS, readCappedFileSync } from "../read-capped-file.js";
import { collect } from "./flag-table.js";

/** The file read when no --config is given and it exists in the working directory. */
export const DEFAULT_CONFIG_FILE = "cbcheck.config.json";

/** `--max-calls` → `CBCHECK_MAX_CALLS`. */
export function envNameOf(option: Option): string {
  return `CBCHECK_${(option.long ?? "").replace(/^--/, "").toUpperCase().replace(/-/g, "_")}`;
}

const takesValue = (o: Option) => o.required || o.optional;
const isList = (o: Option) => o.variadic || o.parseArg === collect || Array.isArray(o.defaultValue);
/** Options a file or the environment may set: named, not a negation, not help. */
const settable = (command: Command) =>
  command.options.filter((o) => o.long && !o.negate && o.long !== "--help");

/** The JSON Schema of the config file, built from the program's commands and their flags. */
export function configSchema(program: Command): object {
  const properties: Record<string, object> = { $schema: { type: "string" } };
  for (const command of program.commands) {
    const options: Record<string, object> = {};
    for (const o of settable(command)) {
      const scalar = takesValue(o) ? { type: ["string", "number"] } : { type: "boolean" };
      options[o.attributeName()] = isList(o)
        ? { type: "array", items: { type: ["string", "number"] } }
        : scalar;
    }
    properties[command.name()] = { type: "object", additionalProperties: false, properties: options };
  }
  return { type: "object", additionalProperties: false, properties };
}

function parseWith(o: Option, value: unknown, where: string): unknown {
  const one = (text: string, previous: unknown) => {
    try {
      return o.parseArg ? o.parseArg(text, previous) : text;
    } catch (err) {
      const why = err instanceof Error ? err.message.replace(/^error: /, "") : String(err);
      throw new HarnessError("CB_USAGE", `${where}: ${why}`);
    }
  };
  if (!takesValue(o)) {
    if (typeof value === "boolean") return value;
    const text = String(value).toLowerCase();
    if (["1", "true", "yes", "on"].includes(text)) return true;
    if (["0", "false", "no", "off", ""].includes(text)) return false;
    throw new HarnessError("CB_USAGE", `${where}: expected true or false, got "${String(value)}"`);
  }
  if (Array.isArray(value)) return value.reduce((acc: unknown, v) => one(String(v), acc), undefined);
  if (isList(o)) return one(String(value), undefined);
  return one(String(value), undefined);
}

/** The config at `file` (`path` as the user gave it, for messages); undefined when the default is absent. */
function readConfig(file: string, path: string, explicit: boolean): Record<string, unknown> | undefined {
  let text: string;
  try {
    // The one capped reader of user files: regular files only, the cap checked while reading (a file may grow
    // after its stat, and procfs files stat as empty), one line and exit 2 on anything else.
    text = readCappedFileSync(file, FILE_LIMITS.config, "config");
  } catch (err) {
    const cause = err instanceof HarnessError ? (err.cause as NodeJS.ErrnoException | undefined) : undefined;
    if (!explicit && cause?.code === "ENOENT") return undefined;
    throw err;
  }
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new HarnessError("CB_INPUT_NOT_JSON", `config ${path} is not JSON`);
  }
}

/**
 * Fills the options of `command` that the command line left unset: from `CBCHECK_*` variables, then from the
 * config file's section for the command. `locate` turns the config path given (or the default) into the one
 * to read (relative to the invocation's working directory). Resolves once they are set.
 */
export async function applyConfigSources(
  program: Command,
  command: Command,
  env: Readonly<Record<string, string | undefined>>,
  configPath: string | undefined,
  locate: (path: string) => string = (path) => path,
): Promise<void> {
  const path = configPath ?? env.CBCHECK_CONFIG ?? DEFAULT_CONFIG_FILE;
  const explicit = configPath !== undefined || env.CBCHECK_CONFIG !== undefined;
  const config = readConfig(locate(path), path, explicit);
  if (config !== undefined) {
    // The schema's scalar options are `["string", "number"]`: allowed outright, or strict mode prints one
    // "use allowUnionTypes" line per option on every run that reads a config file.
    // Loaded only when there is a file to validate: the start-up of every command does not pay for ajv.
    const { Ajv2020: Ajv } = await import("ajv/dist/2020.js");
    const ajv = new Ajv({ allErrors: false, allowUnionTypes: true });
    if (!ajv.validate(configSchema(program), config)) {
      const e = ajv.errors?.[0];
      const extra =
        e?.params && "additionalProperty" in e.params ? ` "${String(e.params.additionalProperty)}"` : "";
      throw new HarnessError(
        "CB_INPUT_INVALID",
        `config ${path}${e?.instancePath || "/"}: ${e?.message}${extra}`,
      );
    }
  }
  const section = (config?.[command.name()] ?? {}) as Record<string, unknown>;
  for (const o of settable(command)) {
    const key = o.attributeName();
    const source = command.getOptionValueSource(key);
    if (source !== undefined && source !== "default") continue;
    const name = envNameOf(o);
    if (env[name] !== undefined) {
      command.setOptionValueWithSource(key, parseWith(o, env[name], name), "env");
    } else if (key in section) {
      command.setOptionValueWithSource(
        key,
        parseWith(o, section[key], `${path} ${command.name()}.${key}`),
        "config",
      );
    }
  }
}
