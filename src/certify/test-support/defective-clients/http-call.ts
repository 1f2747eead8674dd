/**
 * One HTTP call with `node:http`, for the defective clients: `fetch` loads undici on its first call, which cost
 * each client process about half of its CPU (0.15 of 0.35 s); the certification suite starts 135 of them.
 */
import { request } from "node:http";

/** One answer: status, the Retry-After header, the body parsed as JSON (`{}` when it is not JSON). */
export interface HttpAnswer {
  status: number;
  retryAfter: string | undefined;
  json: Record<string, unknown>;
}

/** Sends `method url` with `headers` and `body` (if any) and resolves with the answer. */
export function httpCall(
  method: "GET" | "POST",
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const sent =
      body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
    const req = request(url, { method, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const header = res.headers["retry-after"];
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: Array.isArray(header) ? header[0] : header,
          json: parseJson(Buffer.concat(chunks).toString("utf8")),
        });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
