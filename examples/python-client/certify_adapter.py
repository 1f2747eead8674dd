"""Certification adapter for cb_client.py: does the ``cbcheck certify-client`` job with ``CbClient``.

    cbcheck certify-client -- python3 examples/python-client/certify_adapter.py

Reads CB_BASE_URL, CB_API_KEY, CB_IDS_FILE, CB_EXTEND and CB_OUTPUT_FILE; writes one JSON line per id after
each batch, so that ids already served are kept when a later call stops the job.
"""

import json
import os
import sys

from cb_client import CbApiError, CbClient


def org_number(node):
    """The 9-digit organisation number extensions are keyed by."""
    org_nr = (node.get("payload") or {}).get("org_nr")
    if isinstance(org_nr, str):
        return org_nr
    node_id = node.get("id", "")
    return node_id[len("cb:org:") :] if node_id.startswith("cb:org:") else None


def served_lines(ids, response, extend):
    """The output lines of the ids of one served batch, in the order they were asked for."""
    data = response.get("data") or {}
    nodes = {node["id"]: node for node in data.get("entities") or []}
    missing = set((response.get("coverage") or {}).get("missing") or [])
    extensions = data.get("extensions") or {}
    for node_id in ids:
        if node_id in nodes:
            node = nodes[node_id]
            org_nr = org_number(node)
            values = {}
            for name in extend:
                by_org = extensions.get(name) or {}
                if org_nr is not None and org_nr in by_org:
                    values[name] = by_org[org_nr]
            yield {"id": node_id, "node": node, "extensions": values}
        elif node_id in missing:
            yield {"id": node_id, "missing": True}


def main(client_class=CbClient):
    with open(os.environ["CB_IDS_FILE"], encoding="utf-8") as file:
        ids = [line.strip() for line in file if line.strip()]
    extend = json.loads(os.environ["CB_EXTEND"])
    output = os.environ["CB_OUTPUT_FILE"]
    open(output, "w", encoding="utf-8").close()
    client = client_class(os.environ["CB_BASE_URL"], os.environ["CB_API_KEY"])
    try:
        # Key check first: /me works on every plan.
        if not client.me().get("api_access"):
            print("python client: this key has no REST access (a Plus plan is needed); stopping", file=sys.stderr)
            return 1
        for chunk, response, error in client.batch_chunks(ids, extend):
            if error is not None:
                lines = [{"id": i, "failed": True, "status": error.status, "code": error.code} for i in chunk]
            else:
                lines = list(served_lines(chunk, response, extend))
            with open(output, "a", encoding="utf-8") as file:
                file.writelines(json.dumps(line) + "\n" for line in lines)
    except CbApiError as error:
        # The message names status, code and Retry-After, never the key.
        why = "stopping: the contract says not to retry" if error.fatal else "stopping"
        print(f"python client: {error}; {why}", file=sys.stderr)
        return 1
    print(f"python client: {len(ids)} ids done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
