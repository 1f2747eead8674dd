"""A defective variant of examples/python-client: its client never waits (breaks client.wait_retry_after).

Everything else is the example's own code, so a certification must refuse it for that one rule.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../examples/python-client"))

import certify_adapter  # noqa: E402
from cb_client import CbClient  # noqa: E402


class NoWaitClient(CbClient):
    """The example's client with a ``sleep`` that returns at once: a 429's Retry-After is not waited out."""

    def __init__(self, base_url, api_key):
        super().__init__(base_url, api_key, sleep=lambda _seconds: None)


if __name__ == "__main__":
    sys.exit(certify_adapter.main(NoWaitClient))
