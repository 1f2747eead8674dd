/**
 * Test helpers: a server on the stub graph (port 0) and a small request function over loopback.
 */
import { startServerOnGraph } from "../app.js";
import type { RunningServer, ServerKeys, ServerOptions } from "../types.js";
import { stubGraph } from "./stub-graph.js";

/** A response as the tests look at it. */
export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  json: any;
}

/** Options of one test request. */
export interface CallOptions {
  method?: string;
  key?: keyof ServerKeys | "none" | string;
  body?: unknown;
  rawBody?: string | Buffer;
  /** Default `application/json` with a body; `null`: no Content-Type (a Buffer body, which fetch leaves bare). */
  contentType?: string | null;
  alt?: boolean;
  headers?: Record<string, string>;
}

/** Starts a server on the stub graph. */
export function stubServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServerOnGraph(stubGraph(), options);
}

/** Sends one request to `server` (path relative to the base URL). */
export async function call(
  server: RunningServer,
  path: string,
  options: CallOptions = {},
): Promise<TestResponse> {
  // fetch asks for gzip by default; the server's tests read the bytes as sent, as cbcheck's transport does.
  const headers: Record<string, string> = { "accept-encoding": "identity", ...options.headers };
  const keyName = options.key ?? "plus";
  if (keyName !== "none" && headers.authorization === undefined) {
    const key = (server.keys as unknown as Record<string, string>)[keyName] ?? keyName;
    headers.authorization = `Bearer ${key}`;
  }
  let body: string | Buffer | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && options.contentType !== null)
    headers["content-type"] = options.contentType ?? "application/json";
  const res = await fetch((options.alt ? server.altUrl : server.url) + path, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** `?name=value&…` with values JSON-encoded when they are not strings. */
export function qs(params: Record<string, unknown>): string {
  const parts = Object.entries(params).map(
    ([k, v]) =>
      `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v))}`,
  );
  return parts.length ? `?${parts.join("&")}` : "";
}

/** Percent-encoded `/entities/{id}` path. */
export function entityPath(id: string, params: Record<string, unknown> = {}): string {
  return `/entities/${encodeURIComponent(id)}${qs(params)}`;
}
