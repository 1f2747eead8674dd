/**
 * Defaults of `cbcheck proxy` and the parser of its `--listen`: what its flags and `--help` show, apart from
 * the session (run-proxy.ts), which loads the forwarder, the judge thread and the metrics.
 */

/** The proxy's default body cap (`--max-body-bytes`): of its copy of each body, and of a gzip body decoded. */
export const PROXY_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Defaults of the options. */
export const PROXY_DEFAULTS = {
  listen: "127.0.0.1:8787",
  metricsHost: "127.0.0.1",
  timeoutMs: 30_000,
  maxBodyBytes: PROXY_MAX_BODY_BYTES,
};

/** Splits `host:port` (IPv6 in brackets). */
export function parseListen(text: string): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(text);
  const port = match ? Number(match[2]) : Number.NaN;
  if (!match || port > 65535)
    throw new RangeError(`--listen must be host:port (got ${JSON.stringify(text)})`);
  return { host: match[1].replace(/^\[|\]$/g, ""), port };
}
