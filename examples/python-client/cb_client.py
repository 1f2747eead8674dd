"""A client of the Company Graph Read API (contract cb/v1) in plain Python: the standard library only
(urllib, json), as a vendor would ship one.

It behaves as the contract asks of clients: one call at a time; batches of at most 100 ids (50 when all four
extensions are requested), each id asked for once; after a 429 it waits ``Retry-After`` seconds and goes on;
a 503 is sent again, the same bytes, a few times; a 400 is never sent again unchanged; after 401, 402 or 403
it stops (``CbApiError.fatal``). The key is sent as ``Authorization: Bearer <key>`` and never appears in a
message or a ``repr``.
"""

import json
import time
import urllib.error
import urllib.request

ALL_EXTENSIONS = ("financial_history", "subunits", "web_identities", "group_parent")
FATAL_STATUSES = (401, 402, 403)


class CbApiError(Exception):
    """An error answer of the API: its status, its ``error.code`` and, for 429, its ``Retry-After``."""

    def __init__(self, status, code, retry_after=None):
        self.status = status
        self.code = code
        self.retry_after = retry_after
        self.fatal = status in FATAL_STATUSES
        wait = "" if retry_after is None else f", Retry-After {retry_after} s"
        super().__init__(f"the API answered {status} {code}{wait}")


class CbClient:
    """One API key against one base URL (including ``/v1``)."""

    def __init__(self, base_url, api_key, timeout_s=30.0, max_retry_after_s=300, sleep=time.sleep):
        self._base_url = base_url.rstrip("/")
        self._api_key = api_key
        self._timeout_s = timeout_s
        self._max_retry_after_s = max_retry_after_s
        self._sleep = sleep

    def __repr__(self):
        return f"CbClient({self._base_url!r}, api_key=<hidden>)"

    def me(self):
        """``GET /me``: the account, its plan and balance (works on every plan)."""
        return self._call("GET", "/me")

    def batch_chunks(self, ids, extend=()):
        """``POST /entities/batch`` for every id, in chunks; yields ``(chunk_ids, response, error)``.

        A chunk answered 400 is yielded with its ``CbApiError`` (never sent again); a fatal error is raised.
        """
        unique = list(dict.fromkeys(ids))
        size = 50 if set(ALL_EXTENSIONS) <= set(extend) else 100
        for start in range(0, len(unique), size):
            chunk = unique[start : start + size]
            body = {"ids": chunk, "extend": list(extend)}
            try:
                yield chunk, self._call("POST", "/entities/batch", body), None
            except CbApiError as error:
                if error.status != 400:
                    raise
                yield chunk, None, error

    def _call(self, method, path, body=None):
        """One request, with the contract's waits: 429 waited out, 503 sent again; other errors raised."""
        data = None if body is None else json.dumps(body).encode("utf-8")
        rate_limited = 0
        unavailable = 0
        while True:
            status, payload, headers = self._send(method, path, data)
            if status == 200:
                return payload
            code = _error_code(payload)
            retry_after = _seconds(headers.get("Retry-After"))
            if status == 429 and rate_limited < 10:
                wait = 1 if retry_after is None else retry_after
                if wait > self._max_retry_after_s:
                    raise CbApiError(status, code, retry_after)
                rate_limited += 1
                self._sleep(wait)
                continue
            if status == 503 and unavailable < 3:
                self._sleep(retry_after if retry_after is not None else 0.5 * 2**unavailable)
                unavailable += 1
                continue
            raise CbApiError(status, code, retry_after)

    def _send(self, method, path, data):
        request = urllib.request.Request(f"{self._base_url}{path}", data=data, method=method)
        request.add_header("Authorization", f"Bearer {self._api_key}")
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self._timeout_s) as response:
                return response.status, _json(response.read()), response.headers
        except urllib.error.HTTPError as error:
            with error:
                return error.code, _json(error.read()), error.headers


def _json(raw):
    try:
        return json.loads(raw.decode("utf-8"))
    except ValueError:
        return None


def _error_code(payload):
    error = payload.get("error") if isinstance(payload, dict) else None
    return error.get("code", "unknown") if isinstance(error, dict) else "unknown"


def _seconds(value):
    """``Retry-After`` in whole seconds (the contract's form), or None."""
    try:
        return max(0, int(value))
    except (TypeError, ValueError):
        return None
