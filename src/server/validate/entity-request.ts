/**
 * Entity-read requests (GET /entities/{id} query, POST /entities/batch body) decoded into one shape.
 */
import { InvalidArguments } from "../http/reply.js";
import {
  type CursorItem,
  checkAsOf,
  checkCursor,
  checkDataset,
  checkExtend,
  checkId,
  checkInclude,
  type ExtensionName,
} from "./fields.js";
import { charLength, jsonParam } from "./query.js";

/** A validated entity read. */
export interface EntityRequest {
  ids: string[];
  dataset: "basic" | "influencer";
  include: string[];
  extend: ExtensionName[];
  asOf: string | null;
  cursor: CursorItem[] | null;
}

/** Leniencies and faults switched on by seeded bugs. */
export interface EntityLeniency {
  acceptUnknownExtension: boolean;
  maxIds: number;
  /** `extend` names compared in any case. */
  foldExtendCase: boolean;
  /** `as_of` with a lower-case `t` or `z` refused. */
  upperCaseDateTimeOnly: boolean;
  /** A name given twice in `include` or `extend` ends in a server error. */
  repeatedItemsFail: boolean;
  /** `dataset` trimmed of white space before it is compared. */
  trimDataset: boolean;
  /** A JSON-encoded query parameter that is not JSON text is taken as absent. */
  ignoreMalformedJson: boolean;
  /** A batch body naming a top-level key twice ends in a server error. */
  repeatedBodyKeyFails: boolean;
  /** A batch body without a Content-Type ends in a server error (http/process.ts). */
  noContentTypeFails?: boolean;
  /** A batch id that is an array ends in a server error (http/process.ts). */
  arrayIdFails?: boolean;
}

/** The seeded fault of `repeatedItemsFail`: thrown past validation, it becomes a 500. */
function failOnRepeats(list: unknown, lenient: EntityLeniency): void {
  if (lenient.repeatedItemsFail && Array.isArray(list) && new Set(list).size < list.length) {
    throw new Error("repeated item");
  }
}

const BATCH_KEYS = new Set(["ids", "dataset", "include", "extend", "as_of", "cursor"]);

/**
 * The seeded fault of `repeatedBodyKeyFails`: a body naming one of its keys twice (which JSON.parse takes,
 * the last one winning) ends in a 500, as a server with a parser of its own might.
 */
export function failOnRepeatedKeys(raw: Buffer, lenient: EntityLeniency): void {
  if (!lenient.repeatedBodyKeyFails) return;
  const text = raw.toString("utf8");
  for (const key of BATCH_KEYS) {
    if ((text.match(new RegExp(`"${key}"\\s*:`, "g")) ?? []).length > 1) throw new Error("repeated key");
  }
}

/** Whether `text` is JSON text (for the seeded bug that takes other text as absent). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** GET /entities/{id}: the percent-decoded path id plus query parameters. */
export function parseEntityGet(
  rawId: string,
  query: ReadonlyMap<string, string>,
  lenient: EntityLeniency,
): EntityRequest {
  let id: string;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    throw new InvalidArguments("path id is not valid percent-encoded UTF-8");
  }
  if (charLength(id) > 300) throw new InvalidArguments("id longer than 300 characters");
  const get = (name: string) => query.get(name);
  // The seeded bug `ignoreMalformedJson` takes a JSON-encoded parameter that is not JSON text as absent.
  const getJson = (name: string) => {
    const text = query.get(name);
    return text !== undefined && lenient.ignoreMalformedJson && !isJson(text) ? undefined : text;
  };
  const include = getJson("include");
  const extend = getJson("extend");
  const cursor = getJson("cursor");
  const asOf = get("as_of");
  const dataset = get("dataset");
  const request: EntityRequest = {
    ids: [id],
    dataset: dataset === undefined ? "basic" : checkDataset(dataset, lenient.trimDataset),
    include: include === undefined ? [] : checkInclude(jsonParam("include", include)),
    extend: extend === undefined ? [] : checkExtend(jsonParam("extend", extend), lenient),
    asOf: asOf === undefined ? null : checkAsOf(asOf, lenient.upperCaseDateTimeOnly),
    cursor: cursor === undefined ? null : checkCursor(jsonParam("cursor", cursor)),
  };
  if (include !== undefined) failOnRepeats(jsonParam("include", include), lenient);
  if (extend !== undefined) failOnRepeats(jsonParam("extend", extend), lenient);
  return request;
}

/** POST /entities/batch: the parsed JSON body (no other properties allowed). */
export function parseEntityBatch(body: unknown, lenient: EntityLeniency): EntityRequest {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new InvalidArguments("body must be a JSON object");
  }
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (!BATCH_KEYS.has(key)) throw new InvalidArguments(`unknown body property ${key}`);
  }
  if (!Array.isArray(b.ids)) throw new InvalidArguments("ids must be an array");
  if (b.ids.length < 1) throw new InvalidArguments("ids must not be empty");
  if (b.ids.length > lenient.maxIds) throw new InvalidArguments(`more than ${lenient.maxIds} ids`);
  const request: EntityRequest = {
    ids: b.ids.map(checkId),
    dataset: b.dataset === undefined ? "basic" : checkDataset(b.dataset, lenient.trimDataset),
    include: b.include === undefined ? [] : checkInclude(b.include),
    extend: b.extend === undefined ? [] : checkExtend(b.extend, lenient),
    asOf: b.as_of === undefined ? null : checkAsOf(b.as_of, lenient.upperCaseDateTimeOnly),
    cursor: b.cursor === undefined ? null : checkCursor(b.cursor),
  };
  failOnRepeats(b.include, lenient);
  failOnRepeats(b.extend, lenient);
  return request;
}
