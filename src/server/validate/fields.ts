/**
 * Validators of the parameters shared by entity reads (Endpoints / GET /entities/{id}, POST /entities/batch).
 */
import { InvalidArguments } from "../http/reply.js";
import { charLength } from "./query.js";

/** Extension names (Endpoints: `extend`). */
export const EXTENSIONS = ["financial_history", "subunits", "web_identities", "group_parent"] as const;
/** One extension name. */
export type ExtensionName = (typeof EXTENSIONS)[number];

/** A cursor item: string (≤ 300 characters) or number (Endpoints: `cursor`). */
export type CursorItem = string | number;

function fail(reason: string): never {
  throw new InvalidArguments(reason);
}

/** `include`: array of at most 30 strings. */
export function checkInclude(value: unknown): string[] {
  if (!Array.isArray(value)) fail("include must be an array of strings");
  if (value.length > 30) fail("include has more than 30 items");
  for (const item of value) if (typeof item !== "string") fail("include items must be strings");
  return value as string[];
}

/** `extend`: at most 4 known extension names (duplicates are folded). */
export function checkExtend(
  value: unknown,
  quirks: { acceptUnknownExtension: boolean; foldExtendCase: boolean },
): ExtensionName[] {
  if (!Array.isArray(value)) fail("extend must be an array of strings");
  if (value.length > 4) fail("extend has more than 4 items");
  const out: ExtensionName[] = [];
  for (const raw of value) {
    if (typeof raw !== "string") fail("extend items must be strings");
    const item = quirks.foldExtendCase ? raw.toLowerCase() : raw;
    if (!(EXTENSIONS as readonly string[]).includes(item)) {
      if (quirks.acceptUnknownExtension) continue;
      fail(`unknown extension ${item}`);
    }
    if (!out.includes(item as ExtensionName)) out.push(item as ExtensionName);
  }
  return out;
}

/** `cursor`: null or an array of at most 5 strings (≤ 300 characters) or numbers. */
export function checkCursor(value: unknown): CursorItem[] | null {
  if (value === null) return null;
  if (!Array.isArray(value)) fail("cursor must be an array or null");
  if (value.length > 5) fail("cursor has more than 5 items");
  for (const item of value) {
    if (typeof item === "number") continue;
    if (typeof item !== "string") fail("cursor items must be strings or numbers");
    if (charLength(item) > 300) fail("cursor string item longer than 300 characters");
  }
  return value as CursorItem[];
}

/** `dataset`: `basic` or `influencer` (`trim`: the seeded bug that trims it first). */
export function checkDataset(raw: unknown, trim = false): "basic" | "influencer" {
  const value = trim && typeof raw === "string" ? raw.trim() : raw;
  if (value === "basic" || value === "influencer") return value;
  return fail("dataset must be basic or influencer");
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/** Whether a string is an RFC 3339 date-time (as JSON Schema `format: date-time`). */
export function isDateTime(s: string): boolean {
  const m = DATE_TIME.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, se] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i]));
  const days = [
    31,
    y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > days[mo - 1]) return false;
  if (h > 23 || mi > 59 || se > 60) return false;
  if (m[9] && (Number(m[10]) > 23 || Number(m[11]) > 59)) return false;
  return se < 60 || isLeapSecondMinute(y, mo, d, h * 60 + mi - (m[9] === "-" ? -1 : 1) * offsetMinutes(m));
}

function offsetMinutes(m: RegExpExecArray): number {
  return m[9] ? Number(m[10]) * 60 + Number(m[11]) : 0;
}

/** RFC 3339 §5.7: a second 60 only at 23:59 UTC on a month's last day (the minute given in UTC). */
function isLeapSecondMinute(y: number, mo: number, d: number, utcMinuteOfDay: number): boolean {
  const at = new Date(0);
  at.setUTCFullYear(y, mo - 1, d);
  at.setUTCMinutes(utcMinuteOfDay);
  const next = new Date(at.getTime() + 60_000);
  return at.getUTCHours() === 23 && at.getUTCMinutes() === 59 && next.getUTCDate() === 1;
}

/** `as_of`: a date-time string (`upperCaseOnly`: a seeded bug refuses a lower-case `t` or `z`). */
export function checkAsOf(value: unknown, upperCaseOnly = false): string {
  if (typeof value !== "string" || !isDateTime(value)) fail("as_of must be a date-time");
  if (upperCaseOnly && /[tz]/.test(value)) fail("as_of must be a date-time");
  return value;
}

/** One id of an entity read: 3 to 300 characters (POST /entities/batch). */
export function checkId(value: unknown): string {
  if (typeof value !== "string") fail("ids must be strings");
  const n = charLength(value);
  if (n < 3 || n > 300) fail("each id must have 3 to 300 characters");
  return value;
}
