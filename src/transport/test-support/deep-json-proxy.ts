/**
 * A hostile proxy for tests: forwards every request to a real target and adds a deeply nested array to the
 * `warnings` of each JSON object it returns (or replaces the whole body with one, or with 300,000 `{}`
 * items), the way a broken or
 * malicious server can answer. Real `node:http` on 127.0.0.1, port 0.
 */
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

/** What the proxy does to each JSON body. */
export type DeepJsonMode = "warnings" | "whole-body" | "wide-body";

/** A started proxy; `baseUrl` ends in `/v1` like the target's. */
export interface DeepJsonProxy {
  baseUrl: string;
  close(): Promise<void>;
}

/** The JSON text of an array nested `depth` deep, built as text (JSON.stringify would overflow). */
export function deepArrayText(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

const MARK = '"__cbcheck_deep__"';

/** 300,000 `{}` items: past the structure bound of 250,000 containers; built once. */
let wide: string | undefined;

function rewrite(body: string, mode: DeepJsonMode, deep: string): string {
  if (mode === "whole-body") return deep;
  if (mode === "wide-body") {
    wide ??= `[${Array(300_000).fill("{}").join(",")}]`;
    return wide;
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return body;
  (value as Record<string, unknown>).warnings = [JSON.parse(MARK)];
  return JSON.stringify(value).replace(MARK, deep);
}

/** Starts a proxy in front of `targetBaseUrl` (e.g. the reference server's `/v1` URL). */
export async function startDeepJsonProxy(
  targetBaseUrl: string,
  mode: DeepJsonMode,
  depth = 100_000,
): Promise<DeepJsonProxy> {
  const target = new URL(targetBaseUrl);
  const deep = deepArrayText(depth);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
        (up) => {
          const parts: Buffer[] = [];
          up.on("data", (c: Buffer) => parts.push(c));
          up.on("end", () => {
            const text = rewrite(Buffer.concat(parts).toString("utf8"), mode, deep);
            const headers = { ...up.headers, "content-length": String(Buffer.byteLength(text)) };
            delete headers["transfer-encoding"];
            res.writeHead(up.statusCode ?? 502, headers).end(text);
          });
        },
      );
      upstream.on("error", () => res.writeHead(502).end());
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname.replace(/\/$/, "")}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
