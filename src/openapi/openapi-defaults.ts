/** Defaults of `cbcheck openapi`, apart from the document builder so that `--help` shows them cheaply. */

/** Defaults of the server variables: the reference server as `cbcheck serve --port 8080` starts it. */
export const OPENAPI_DEFAULTS = {
  baseUrl: "http://127.0.0.1:8080/v1",
  altBaseUrl: "http://127.0.0.1:8080/api/v1",
} as const;
