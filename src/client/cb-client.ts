/**
 * `CbClient`: the reference client of the Company Graph Read API (contract cb/v1), undici only.
 * One call at a time, waits `Retry-After` after 429, retries 503 with the same request, stops on 401/402/403,
 * batches of at most 50 with all four extensions (100 otherwise). The key is never logged or serialised.
 */

import type { Dispatcher } from "undici";
import { HarnessError } from "../errors.js";
import { checkShapes, type ShapeTable } from "../option-shapes.js";
import { batchSizeFor, splitIds } from "./batches.js";
import { CbApiError } from "./errors.js";
import type { HttpCall, HttpSettings } from "./http.js";
import { SequentialPacer } from "./pacing.js";
import { DEFAULT_RETRY_POLICY, type RetryPolicy, sendWithPolicy } from "./retry-policy.js";
import type {
  BatchRequest,
  EntitiesResponse,
  EntityReadOptions,
  Me,
  ResolveOptions,
  ResolveResponse,
} from "./types.js";

/** Options of `new CbClient(...)`; only `baseUrl` and `apiKey` are needed. */
export interface CbClientOptions {
  /** `{base_url}` including `/v1`. */
  baseUrl: string;
  /** Personal API key or OAuth access token; sent only as `Authorization: Bearer`. */
  apiKey: string;
  /** Per-request header and body timeout in ms. Default 30,000. */
  timeoutMs?: number;
  /** Retry bounds; see `DEFAULT_RETRY_POLICY`. */
  retry?: Partial<RetryPolicy>;
  /** Preferred ids per batch call; never more than the contract allows. */
  batchSize?: number;
  /** Share a pacer with other callers of the same account (the runner does). */
  pacer?: SequentialPacer;
  dispatcher?: Dispatcher;
  /** Aborts waits and calls. */
  signal?: AbortSignal;
}

/** The JavaScript type of every option, checked by the constructor (a wrong one is `CB_USAGE`). */
const OPTION_SHAPES: ShapeTable<CbClientOptions> = {
  baseUrl: "string",
  apiKey: "string",
  timeoutMs: "number",
  retry: "object",
  batchSize: "number",
  pacer: "object",
  dispatcher: "object",
  signal: "object",
};

/** One batch call of `batchChunks`: either served or refused with a non-fatal, non-retryable error. */
export type BatchChunk =
  | { ids: string[]; response: EntitiesResponse; error?: undefined }
  | { ids: string[]; response?: undefined; error: CbApiError };

/** The reference client. Methods throw `CbApiError` (check `fatal`) or `CbTransportError`. */
export class CbClient {
  readonly #settings: HttpSettings;
  readonly #policy: RetryPolicy;
  readonly #pacer: SequentialPacer;
  readonly #batchSize: number | undefined;

  constructor(options: CbClientOptions) {
    checkShapes("CbClient", options, OPTION_SHAPES);
    if (!options?.baseUrl) throw new HarnessError("CB_USAGE", "CbClient: baseUrl is required");
    if (!options.apiKey) throw new HarnessError("CB_USAGE", "CbClient: apiKey is required");
    this.#settings = {
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      dispatcher: options.dispatcher,
      timeoutMs: options.timeoutMs ?? 30_000,
      signal: options.signal,
    };
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#pacer = options.pacer ?? new SequentialPacer();
    this.#batchSize = options.batchSize;
  }

  /** `GET /me`: account, credits and limits of the key; works on every plan. */
  me(): Promise<Me> {
    return this.#send({ method: "GET", path: "/me" }) as Promise<Me>;
  }

  /** `GET /capabilities`: works on every plan; shape not shown by the contract. */
  capabilities(): Promise<unknown> {
    return this.#send({ method: "GET", path: "/capabilities" });
  }

  /** `GET /usage`: own usage of the last 30 days; shape not shown. */
  usage(): Promise<unknown> {
    return this.#send({ method: "GET", path: "/usage" });
  }

  /** `GET /resolve`: candidate nodes for a name or identifier (1 to 300 characters). */
  resolve(query: string, options: ResolveOptions = {}): Promise<ResolveResponse> {
    const params: Record<string, string> = { query };
    if (options.types !== undefined) params.types = JSON.stringify(options.types);
    if (options.limit !== undefined) params.limit = String(options.limit);
    return this.#send({ method: "GET", path: "/resolve", query: params }) as Promise<ResolveResponse>;
  }

  /** `GET /entities/{id}`: one node with optional extensions and edges. */
  getEntity(id: string, options: EntityReadOptions = {}): Promise<EntitiesResponse> {
    const params: Record<string, string> = {};
    if (options.dataset !== undefined) params.dataset = options.dataset;
    if (options.include !== undefined) params.include = JSON.stringify(options.include);
    if (options.extend !== undefined) params.extend = JSON.stringify(options.extend);
    if (options.as_of !== undefined) params.as_of = options.as_of;
    if (options.cursor !== undefined) params.cursor = JSON.stringify(options.cursor);
    const path = `/entities/${encodeURIComponent(id)}`;
    return this.#send({ method: "GET", path, query: params }) as Promise<EntitiesResponse>;
  }

  /** One `POST /entities/batch` call exactly as given (1 to 100 ids; no splitting). */
  batchOnce(request: BatchRequest): Promise<EntitiesResponse> {
    const body = JSON.stringify(pickBatchFields(request));
    return this.#send({ method: "POST", path: "/entities/batch", body }) as Promise<EntitiesResponse>;
  }

  /**
   * Fetches many ids in sequential batch calls, one chunk at a time. A chunk refused with a non-fatal error
   * that must not be resent unchanged (400, 404, 413, …) is yielded with its error; fatal errors and
   * exhausted retries are thrown.
   */
  async *batchChunks(ids: readonly string[], options: EntityReadOptions = {}): AsyncGenerator<BatchChunk> {
    for (const chunk of splitIds(ids, batchSizeFor(options.extend, this.#batchSize))) {
      try {
        yield { ids: chunk, response: await this.batchOnce({ ...options, ids: chunk }) };
      } catch (err) {
        if (!(err instanceof CbApiError) || err.fatal || err.status === 429 || err.status === 503) throw err;
        yield { ids: chunk, error: err };
      }
    }
  }

  /** Fetches many ids and returns every served chunk; throws on the first error of any kind. */
  async batch(ids: readonly string[], options: EntityReadOptions = {}): Promise<EntitiesResponse[]> {
    const pages: EntitiesResponse[] = [];
    for await (const chunk of this.batchChunks(ids, options)) {
      if (chunk.error) throw chunk.error;
      pages.push(chunk.response);
    }
    return pages;
  }

  /** `POST /search`: request and response not shown by the contract, so both are passed through. */
  search(filters: Record<string, unknown>): Promise<unknown> {
    return this.#send({ method: "POST", path: "/search", body: JSON.stringify(filters) });
  }

  /** `POST /traversals`: at most three hops; request and response not shown, passed through. */
  traversals(request: Record<string, unknown>): Promise<unknown> {
    return this.#send({ method: "POST", path: "/traversals", body: JSON.stringify(request) });
  }

  /** Keeps the key out of `JSON.stringify(client)`. */
  toJSON(): Record<string, string> {
    return { baseUrl: this.#settings.baseUrl };
  }

  #send(call: HttpCall): Promise<unknown> {
    return sendWithPolicy(this.#pacer, this.#settings, call, this.#policy);
  }
}

/** Only the contract's body properties (POST /entities/batch: "no other properties allowed"). */
function pickBatchFields(request: BatchRequest): BatchRequest {
  const body: BatchRequest = { ids: request.ids };
  if (request.dataset !== undefined) body.dataset = request.dataset;
  if (request.include !== undefined) body.include = request.include;
  if (request.extend !== undefined) body.extend = request.extend;
  if (request.as_of !== undefined) body.as_of = request.as_of;
  if (request.cursor !== undefined) body.cursor = request.cursor;
  return body;
}
