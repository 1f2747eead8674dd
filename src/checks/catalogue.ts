/**
 * The explicit list of every check (no import side effects), in file-name order. Docs and `runChecks`
 * read this list; tests keep ids unique and in sync with the files, the examples and the rules table.
 */

import { authWwwAuthenticateOn401 } from "./auth-www-authenticate-on-401.js";
import type { Check } from "./check.js";
import { costBasicZeroCredits } from "./cost-basic-zero-credits.js";
import { costCreditsReservedZero } from "./cost-credits-reserved-zero.js";
import { costInfluencerCreditPerRecord } from "./cost-influencer-credit-per-record.js";
import { costUnitsCountEdgesAndExtensions } from "./cost-units-count-edges-and-extensions.js";
import { coverageConsistentWithRequest } from "./coverage-consistent-with-request.js";
import { coverageRequestedReturnedOrMissing } from "./coverage-requested-returned-or-missing.js";
import { datasetResponseMatchesRequest } from "./dataset-response-matches-request.js";
import { edgesOnlyWithInclude } from "./edges-only-with-include.js";
import { edgesPageCutDeclared } from "./edges-page-cut-declared.js";
import { edgesPredicatesFromInclude } from "./edges-predicates-from-include.js";
import { edgesWithinActivePredicates } from "./edges-within-active-predicates.js";
import { entitiesNodesRequested } from "./entities-nodes-requested.js";
import { envelopeEvidenceEmpty } from "./envelope-evidence-empty.js";
import { envelopeTruncatedWhenCut } from "./envelope-truncated-when-cut.js";
import { errorCodeForStatus } from "./error-code-for-status.js";
import { errorCodeMachineReadable } from "./error-code-machine-readable.js";
import { errorPlanRequiredFields } from "./error-plan-required-fields.js";
import { extFinancialHistoryNewestFirst } from "./ext-financial-history-newest-first.js";
import { extFinancialHistoryOneRowPerYear } from "./ext-financial-history-one-row-per-year.js";
import { extGroupParentAboveCompany } from "./ext-group-parent-above-company.js";
import { extIdsMatchOrgNr } from "./ext-ids-match-org-nr.js";
import { extKeysRequestedOrgs } from "./ext-keys-requested-orgs.js";
import { extOnlyRequested } from "./ext-only-requested.js";
import { extSubunitsCap } from "./ext-subunits-cap.js";
import { extSubunitsLegacyNames } from "./ext-subunits-legacy-names.js";
import { extSubunitsParentMatchesKey } from "./ext-subunits-parent-matches-key.js";
import { extSubunitsTruncatedConsistent } from "./ext-subunits-truncated-consistent.js";
import { httpAllowOn405 } from "./http-allow-on-405.js";
import { httpContentEncodingAccepted } from "./http-content-encoding-accepted.js";
import { httpDocumentedStatus } from "./http-documented-status.js";
import { httpErrorBodyOnErrorStatus } from "./http-error-body-on-error-status.js";
import { httpJsonBody } from "./http-json-body.js";
import { httpJsonContentType } from "./http-json-content-type.js";
import { influencerNodesCap } from "./influencer-nodes-cap.js";
import { influencerOneNetwork } from "./influencer-one-network.js";
import { meDayResetNextOrLast } from "./me-day-reset-next-or-last.js";
import { meEveryPlan } from "./me-every-plan.js";
import { mePersonalKeyPersonalBalance } from "./me-personal-key-personal-balance.js";
import { meResetsAtUtcBoundaries } from "./me-resets-at-utc-boundaries.js";
import { meResetsWithinAMonth } from "./me-resets-within-a-month.js";
import { nodeIdMatchesType } from "./node-id-matches-type.js";
import { orgIdMatchesOrgNr } from "./org-id-matches-org-nr.js";
import { orgSignatureOnlySingle } from "./org-signature-only-single.js";
import { rateRetryAfterOn429 } from "./rate-retry-after-on-429.js";
import { requestInvalidArgumentsRejected } from "./request-invalid-arguments-rejected.js";
import { resolveCoverageSingleRequested } from "./resolve-coverage-single-requested.js";
import { resolveCursorNull } from "./resolve-cursor-null.js";
import { resolveLimitRespected } from "./resolve-limit-respected.js";
import { resolveMissingEmpty } from "./resolve-missing-empty.js";
import { responseSchema } from "./response-schema.js";
import { responseStructureBounded } from "./response-structure-bounded.js";

/** Every check cbcheck runs on a recorded exchange. */
export const CATALOGUE: readonly Check[] = [
  authWwwAuthenticateOn401,
  costBasicZeroCredits,
  costCreditsReservedZero,
  costInfluencerCreditPerRecord,
  costUnitsCountEdgesAndExtensions,
  coverageConsistentWithRequest,
  coverageRequestedReturnedOrMissing,
  datasetResponseMatchesRequest,
  edgesOnlyWithInclude,
  edgesPageCutDeclared,
  edgesPredicatesFromInclude,
  edgesWithinActivePredicates,
  entitiesNodesRequested,
  envelopeEvidenceEmpty,
  envelopeTruncatedWhenCut,
  errorCodeForStatus,
  errorCodeMachineReadable,
  errorPlanRequiredFields,
  extFinancialHistoryNewestFirst,
  extFinancialHistoryOneRowPerYear,
  extGroupParentAboveCompany,
  extIdsMatchOrgNr,
  extKeysRequestedOrgs,
  extOnlyRequested,
  extSubunitsCap,
  extSubunitsLegacyNames,
  extSubunitsParentMatchesKey,
  extSubunitsTruncatedConsistent,
  httpAllowOn405,
  httpContentEncodingAccepted,
  httpDocumentedStatus,
  httpErrorBodyOnErrorStatus,
  httpJsonBody,
  httpJsonContentType,
  influencerNodesCap,
  influencerOneNetwork,
  meDayResetNextOrLast,
  meEveryPlan,
  mePersonalKeyPersonalBalance,
  meResetsAtUtcBoundaries,
  meResetsWithinAMonth,
  nodeIdMatchesType,
  orgIdMatchesOrgNr,
  orgSignatureOnlySingle,
  rateRetryAfterOn429,
  requestInvalidArgumentsRejected,
  resolveCoverageSingleRequested,
  resolveCursorNull,
  resolveLimitRespected,
  resolveMissingEmpty,
  responseSchema,
  responseStructureBounded,
];
