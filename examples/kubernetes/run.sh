#!/usr/bin/env bash
# One split load run on the cluster of kubectl's current context, gated by the merge:
#   kubectl create secret generic cbcheck-key --from-literal=CB_API_KEY="$CB_API_KEY"   # once
#   kubectl apply -f examples/kubernetes/reports-volume.yaml                            # once
#   kubectl create configmap cbcheck-fixtures --from-file=fixtures.json=fixtures/targets/staging.json
#   examples/kubernetes/run.sh
# Exits as the merge did: 0 the whole run passed, 1 a budget or expectation missed, 2 not one whole run
# (a segment failed to run or is missing). START_IN (default 120 s) must leave the pods time to be scheduled
# and pull the image; a segment that starts later says so in its report and the merged one.
set -euo pipefail
cd "$(dirname "$0")"

export RUN_ID="${RUN_ID:-$(date -u +%Y%m%d-%H%M%S)}"
export SEED="${SEED:-$((RANDOM * 32768 + RANDOM))}"
export START_AT
START_AT="$(date -u -d "+${START_IN:-120} seconds" +%Y-%m-%dT%H:%M:%SZ)"
fill() { envsubst '${RUN_ID} ${SEED} ${START_AT}' <"$1"; }

# Waits (bounded) until the Job has finished; prints Complete or Failed.
await_job() {
  local job=$1 limit=$2 state=""
  for ((waited = 0; waited < limit; waited += 5)); do
    state="$(kubectl get "job/$job" -o jsonpath='{.status.conditions[?(@.status=="True")].type}')"
    case "$state" in *Complete*) echo Complete; return ;; *Failed*) echo Failed; return ;; esac
    sleep 5
  done
  echo "timed out after ${limit} s waiting for job/$job" >&2
  exit 2
}

echo "run $RUN_ID: seed $SEED, first profile at $START_AT" >&2
fill load-job.yaml | kubectl apply -f -
load_state="$(await_job "cbcheck-load-$RUN_ID" 3900)"
echo "load job: $load_state" >&2
# The merge runs either way: with a segment missing it refuses and says which.
fill merge-job.yaml | kubectl apply -f -
merge_state="$(await_job "cbcheck-merge-$RUN_ID" 900)"
kubectl logs "job/cbcheck-merge-$RUN_ID"
code="$(kubectl get pods -l "job-name=cbcheck-merge-$RUN_ID" \
  -o jsonpath='{.items[0].status.containerStatuses[0].state.terminated.exitCode}')"
echo "merge job: $merge_state (exit ${code:-unknown}); reports in /reports/$RUN_ID/merged on cbcheck-reports" >&2
exit "${code:-2}"
