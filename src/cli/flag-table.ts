/**
 * The flags of a command, typed from its options type (vitest's model): a `FlagTable<O>` gives EVERY key of
 * `O` a CLI decision — a flag whose parser yields exactly that option's type, or `NotAFlag` saying why not —
 * so an option cannot be added without the CLI deciding about it, and a flag cannot drift from its option.
 * Values are checked while commander parses (its `argParser`), with the same parsers the option resolvers use.
 */
import { type Command, Option } from "commander";

/** Turns a flag's text into its option's value (`previous`: the value so far, for repeatable flags). */
export type FlagParser<V> = (text: string, previous: V | undefined) => V;

/** How a flag's text becomes a `V`: a switch for booleans, optional for strings, a parser or preset else. */
type HowParsed<V> = [V] extends [boolean]
  ? { parse?: never; preset?: never }
  : string extends V
    ? { parse?: FlagParser<V>; preset?: never }
    : { parse: FlagParser<V>; preset?: never } | { preset: V; parse?: never };

/** One command-line flag that sets one option of type `V`. */
export type Flag<V> = {
  /** commander's flags, e.g. `--runs <n>`, `--allow-load`, `--alt-ignore <pointer...>`. */
  flags: string;
  description: string;
  /** Shown by `--help` and given when the flag is absent. */
  default?: V;
  /** Commander refuses the command without it. */
  isRequired?: boolean;
  /** Left out of `--help` (test-only flags). */
  isHidden?: boolean;
} & HowParsed<V>;

/** An option the CLI sets no flag for, and why (the CLI fills it itself, or it is for library callers). */
export interface NotAFlag {
  notAFlag: string;
}

/** Every option of `O` with its CLI decision. */
export type FlagTable<O> = { [K in keyof O]-?: Flag<NonNullable<O[K]>> | NotAFlag };

/** Appends a value to the list of a repeatable flag (`--suite a --suite b`). */
export function collect(value: string, previous: readonly string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function isFlag(entry: Flag<unknown> | NotAFlag): entry is Flag<unknown> {
  return "flags" in entry;
}

/** The flags of a table, each with the option key it sets, in table order. */
export function flagsOf<O>(table: FlagTable<O>): [keyof O & string, Flag<unknown>][] {
  const entries = Object.entries(table) as [keyof O & string, Flag<unknown> | NotAFlag][];
  return entries.filter((entry): entry is [keyof O & string, Flag<unknown>] => isFlag(entry[1]));
}

/** Registers every flag of `table` on `command` as a commander `Option`. */
export function addFlags<O>(command: Command, table: FlagTable<O>): Command {
  for (const [, flag] of flagsOf(table)) {
    const option = new Option(flag.flags, flag.description);
    if (flag.parse) option.argParser(flag.parse);
    if (flag.preset !== undefined) option.preset(flag.preset);
    if (flag.default !== undefined) option.default(flag.default);
    if (flag.isRequired) option.makeOptionMandatory();
    if (flag.isHidden) option.hideHelp();
    command.addOption(option);
  }
  return command;
}

/** The options set by the flags commander parsed for `command` (defaults included), keyed as in `O`. */
export function readFlags<O>(command: Command, table: FlagTable<O>): Partial<O> {
  const values = command.opts();
  const options: Partial<O> = {};
  for (const [key, flag] of flagsOf(table)) {
    const value = values[new Option(flag.flags).attributeName()];
    if (value !== undefined) options[key] = value as O[typeof key];
  }
  return options;
}
