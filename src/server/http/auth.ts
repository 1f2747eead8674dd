/**
 * Bearer authentication (Authentication 1–3): missing header → 401 `authentication_required`;
 * malformed, unknown or revoked → 401 `invalid_token`. Every 401 carries `WWW-Authenticate`.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { Account } from "../keys.js";
import { errorReply, type Reply } from "./reply.js";

/** The account of the request, or the 401 to send. */
export type AuthResult = { ok: true; account: Account } | { ok: false; reply: Reply };

/** `Bearer <credential>` (RFC 6750 §2.1; the scheme in any case), the credential captured. */
export const BEARER = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i;

/** The 401 with its bearer challenge (resource metadata URL). */
export function unauthorized(code: string, metadataUrl: string, drop: boolean): Reply {
  const challenge =
    code === "invalid_token"
      ? `Bearer resource_metadata="${metadataUrl}", error="invalid_token"`
      : `Bearer resource_metadata="${metadataUrl}"`;
  return errorReply(401, code, { headers: drop ? {} : { "www-authenticate": challenge } });
}

/** Authenticates one request. */
export function authenticate(
  headers: IncomingHttpHeaders,
  accounts: Map<string, Account>,
  options: { metadataUrl: string; dropChallenge: boolean; acceptRevoked: boolean },
): AuthResult {
  const header = headers.authorization;
  let code = "invalid_token";
  if (header === undefined || header === "") code = "authentication_required";
  else {
    const m = BEARER.exec(header);
    const account = m ? accounts.get(m[1]) : undefined;
    if (account && (!account.revoked || options.acceptRevoked)) return { ok: true, account };
  }
  return { ok: false, reply: unauthorized(code, options.metadataUrl, options.dropChallenge) };
}
