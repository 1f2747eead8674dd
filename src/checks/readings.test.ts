import { describe, expect, it } from "vitest";
import { authWwwAuthenticateOn401 } from "./auth-www-authenticate-on-401.js";
import { errorCodeForStatus } from "./error-code-for-status.js";
import { errorPlanRequiredFields } from "./error-plan-required-fields.js";
import { extIdsMatchOrgNr } from "./ext-ids-match-org-nr.js";
import { extSubunitsCap } from "./ext-subunits-cap.js";
import { extSubunitsLegacyNames } from "./ext-subunits-legacy-names.js";
import { extSubunitsTruncatedConsistent } from "./ext-subunits-truncated-consistent.js";
import { orgSignatureOnlySingle } from "./org-signature-only-single.js";
import { rateRetryAfterOn429 } from "./rate-retry-after-on-429.js";
import { runChecks } from "./run-checks.js";
import { errorExchange, getExchange, mutate, orgNr, smallBatch, withBody } from "./test-support/exchanges.js";

const severities = (found: { severity: string }[]) => found.map((f) => f.severity);

describe("readings of ambiguous sentences", () => {
  it("sub-units: a batch with one distinct id may carry up to 1000 (both readings accepted), more than one id 50", () => {
    const one = smallBatch({ orgs: 1, subunits: 1000 });
    expect(extSubunitsCap.run(one)).toEqual([]);
    const repeated = withBody(one, {
      ids: [`cb:org:${orgNr(0)}`, `cb:org:${orgNr(0)}`],
      include: ["HAS_ROLE"],
    });
    expect(extSubunitsCap.run(repeated)).toEqual([]);
    expect(extSubunitsCap.run(smallBatch({ orgs: 1, subunits: 1001 }))).toHaveLength(1);
    expect(extSubunitsCap.run(smallBatch({ orgs: 2, subunits: 50 }))).toEqual([]);
  });

  it("signing fields: one org plus other ids is a warning, null-valued fields a warning, two orgs an error", () => {
    const withPerson = withBody(smallBatch({ orgs: 1 }), { ids: [`cb:org:${orgNr(0)}`, "cb:person:p1"] });
    expect(severities(orgSignatureOnlySingle.run(withPerson))).toEqual(Array(4).fill("warning"));
    const nulls = mutate(smallBatch(), (j) => {
      j.data.entities[0].payload.signature_text = null;
    });
    expect(severities(orgSignatureOnlySingle.run(nulls))).toEqual(["warning"]);
    const get = mutate(getExchange(), () => {});
    expect(orgSignatureOnlySingle.run(get)).toEqual([]);
  });

  it("WWW-Authenticate: a Bearer challenge with resource_metadata required (errors otherwise)", () => {
    const basic = errorExchange(
      "resolve",
      401,
      { code: "invalid_token" },
      { "www-authenticate": 'Basic realm="x"' },
    );
    expect(severities(authWwwAuthenticateOn401.run(basic))).toEqual(["error"]);
    const bare = errorExchange("resolve", 401, { code: "invalid_token" }, { "www-authenticate": "Bearer" });
    expect(severities(authWwwAuthenticateOn401.run(bare))).toEqual(["error"]);
    // Other parameters and another challenge beside it are fine (RFC 9110 §11.6.1).
    const full = errorExchange(
      "resolve",
      401,
      { code: "invalid_token" },
      {
        "www-authenticate":
          'Basic realm="x", Bearer error="invalid_token", resource_metadata="https://a.example/m"',
      },
    );
    expect(authWwwAuthenticateOn401.run(full)).toEqual([]);
    // resource_metadata holds a URL (RFC 9728 §5.1): quoted or a token, absolute, http(s).
    const challenge = (value: string) =>
      errorExchange("resolve", 401, { code: "invalid_token" }, { "www-authenticate": value });
    for (const ok of [
      'Bearer resource_metadata="http://127.0.0.1:8080/.well-known/x"',
      "Bearer resource_metadata=https://a.example/m",
    ])
      expect(authWwwAuthenticateOn401.run(challenge(ok))).toEqual([]);
    for (const bad of [
      'Bearer resource_metadata="undefined"',
      'Bearer resource_metadata="/.well-known/x"',
      'Bearer resource_metadata=""',
      'Bearer resource_metadata="urn:x:y"',
    ]) {
      const found = authWwwAuthenticateOn401.run(challenge(bad));
      expect(found.map((f) => f.title)).toEqual(["resource_metadata is not an absolute URL"]);
    }
  });

  it("plan_required: any non-blank required_tier passes (tier names not shown); a blank one is a warning", () => {
    const tier = (required_tier: string) =>
      errorExchange("resolve", 403, {
        code: "plan_required",
        required_tier,
        upgrade_url: "https://a.example/up",
      });
    for (const named of ["plus", "Plus", "business_plus"])
      expect(errorPlanRequiredFields.run(tier(named))).toEqual([]);
    for (const blank of ["", "  "])
      expect(severities(errorPlanRequiredFields.run(tier(blank)))).toEqual(["warning"]);
  });

  it("sub-units: legacy names beside the new ones are required; extensions_truncated may repeat or cut short", () => {
    const batch = smallBatch({ subunits: 3 });
    expect(extSubunitsLegacyNames.run(batch)).toEqual([]);
    const noLegacy = mutate(smallBatch({ subunits: 3 }), (j) => {
      delete j.data.extensions.subunits[orgNr(0)][1].address_city;
    });
    expect(severities(extSubunitsLegacyNames.run(noLegacy))).toEqual(["error"]);
    // Both left out (unknown) is no finding.
    const neither = mutate(smallBatch({ subunits: 3 }), (j) => {
      delete j.data.extensions.subunits[orgNr(0)][1].city;
      delete j.data.extensions.subunits[orgNr(0)][1].address_city;
    });
    expect(extSubunitsLegacyNames.run(neither)).toEqual([]);
    const repeatedShort = mutate(smallBatch({ subunits: 3 }), (j) => {
      j.data.extensions_truncated = { subunits: [orgNr(0), orgNr(0)] };
      j.truncated = true;
    });
    expect(extSubunitsTruncatedConsistent.run(repeatedShort)).toEqual([]);
  });

  it("extension ids: an organisation id names the element's org_nr; an id of another form is not judged", () => {
    expect(extIdsMatchOrgNr.run(smallBatch())).toEqual([]);
    const parent = mutate(smallBatch(), (j) => {
      j.data.extensions.group_parent[orgNr(0)].id = "cb:org:999999998";
    });
    expect(extIdsMatchOrgNr.run(parent).map((f) => f.pointer)).toEqual([
      `/data/extensions/group_parent/${orgNr(0)}/id`,
    ]);
    const otherForm = mutate(smallBatch(), (j) => {
      j.data.extensions.subunits[orgNr(0)][0].id = "sub-1";
      j.data.extensions.group_parent[orgNr(0)].id = "cb:group:999999999";
    });
    expect(extIdsMatchOrgNr.run(otherForm)).toEqual([]);
  });

  it("Retry-After: whole seconds >= 1 only", () => {
    const x = (v: string) => errorExchange("resolve", 429, { code: "volume_limit" }, { "retry-after": v });
    expect(rateRetryAfterOn429.run(x("120"))).toEqual([]);
    for (const v of ["0", "-1", "1.0", "Wed, 21 Oct 2026 07:28:00 GMT", ""])
      expect(rateRetryAfterOn429.run(x(v)), v).toHaveLength(1);
  });

  it("error codes: closed list on 401 (error), 'known' lists elsewhere (warning), any code on 403/404", () => {
    expect(severities(errorCodeForStatus.run(errorExchange("resolve", 402, { code: "no_money" })))).toEqual([
      "warning",
    ]);
    expect(errorCodeForStatus.run(errorExchange("resolve", 403, { code: "scope_missing" }))).toEqual([]);
    expect(errorCodeForStatus.run(errorExchange("other", 404, { code: "anything" }))).toEqual([]);
    expect(
      severities(errorCodeForStatus.run(errorExchange("resolve", 400, { code: "plan_required" }))),
    ).toEqual(["error"]);
  });

  it("a transport failure (no response) is judged by no content check", () => {
    const x = smallBatch();
    expect(
      runChecks({ ...x, response: undefined, transportError: { code: "CB_TIMEOUT", message: "t" } }),
    ).toEqual([]);
  });

  it("coverage: a cut page may leave requested ids unaccounted for", () => {
    const cut = mutate(smallBatch({ missing: 1 }), (j) => {
      j.coverage.missing = [];
      j.truncated = true;
    });
    expect(runChecks(cut, ["coverage.requested_returned_or_missing"])).toEqual([]);
  });
});
