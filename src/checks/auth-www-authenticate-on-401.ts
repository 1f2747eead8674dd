import type { Check } from "./check.js";
import { failure } from "./support/failure.js";
import { show } from "./support/json.js";
import { header } from "./support/response.js";

/** The `resource_metadata` parameter's value, quoted or a token (RFC 9110 §11.2). */
function metadataUrlOf(challenge: string): string | undefined {
  const m = /resource_metadata\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/i.exec(challenge);
  return m ? (m[1]?.replace(/\\(.)/g, "$1") ?? m[2]) : undefined;
}

function isFetchableUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * `auth.www_authenticate_on_401`: a 401 carries `WWW-Authenticate` with a Bearer resource-metadata challenge
 * (Authentication 3): scheme Bearer with the `resource_metadata` parameter, the one that makes a challenge a
 * resource-metadata challenge (RFC 9728 §5.1), whose value is "the URL of the protected resource metadata": an
 * absolute http(s) URL a client can fetch.
 */
export const authWwwAuthenticateOn401: Check = {
  id: "auth.www_authenticate_on_401",
  section: "Authentication 3",
  sentence:
    "Missing, wrong or revoked credential: `401` with code `authentication_required` or `invalid_token`; the response carries header `WWW-Authenticate` (a bearer resource-metadata challenge).",
  level: "fail",
  appliesTo: (x) => x.response?.status === 401,
  run(x) {
    const value = header(x, "www-authenticate");
    const at = "/headers/www-authenticate";
    if (value === undefined || value.trim() === "")
      return [
        failure(authWwwAuthenticateOn401, {
          title: "401 without WWW-Authenticate",
          pointer: at,
          expected: 'Bearer resource_metadata="…"',
          received: "(absent)",
        }),
      ];
    if (!/(^|,)\s*bearer(\s|,|$)/i.test(value))
      return [
        failure(authWwwAuthenticateOn401, {
          title: "WWW-Authenticate is not a Bearer challenge",
          pointer: at,
          expected: "scheme Bearer",
          received: show(value),
        }),
      ];
    if (!/resource_metadata\s*=/i.test(value))
      return [
        failure(authWwwAuthenticateOn401, {
          title: "Bearer challenge without resource_metadata",
          pointer: at,
          expected: 'Bearer resource_metadata="<url>"',
          received: show(value),
        }),
      ];
    const url = metadataUrlOf(value);
    if (url === undefined || !isFetchableUrl(url))
      return [
        failure(authWwwAuthenticateOn401, {
          title: "resource_metadata is not an absolute URL",
          pointer: at,
          expected: "an absolute http(s) URL (RFC 9728 §5.1)",
          received: show(value),
        }),
      ];
    return [];
  },
};
