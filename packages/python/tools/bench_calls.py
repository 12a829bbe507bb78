"""Per-call cost of the SDK against bare httpx with the same requests, over loopback to the mock (bench/python-sdk.mjs).

Usage: python bench_calls.py FIXTURES.json CALLS. Starts the mock with vendor_api.testing.start_mock(), then times
GET getTeam and PUT createOrUpdateMcpServer (its `remote` example) with each variant: bare httpx (request sent, body
read, JSON parsed) and PlatformClient (the same request, retries on, the body read into its pydantic model: the PUT's
manifest through its discriminated union). Both send one header of the call's own, which the SDK is given as per-call
options (extra_headers, with a per-call timeout), so that the options' cost is in the figure. The
variants run round-robin in batches with a rotating order after a warm-up, so a noisy machine hits all alike; every
call is timed on its own. Prints JSON: medians, p90 and means in microseconds, and the ratios SDK / httpx.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any, Callable, Dict, List

import httpx

from vendor_api import PlatformClient
from vendor_api.testing import start_mock

BATCH = 50
WARM_UP = 200


def percentile(samples: List[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def main(fixtures_file: str, calls: int) -> None:
    fixtures: Dict[str, Any] = json.loads(open(fixtures_file, encoding="utf-8").read())
    token = "bench-token-0123456789"
    with start_mock() as server:
        http = httpx.Client(base_url=server.url, headers={"authorization": f"Bearer {token}", "accept": "application/json"})
        sdk = PlatformClient(base_url=server.url, token=token)
        team_path = fixtures["getPath"]
        body = fixtures["putBody"]
        kwargs = {key: body[key] for key in ("manifest",)}

        call_headers = {"x-bench-call": "1"}
        call_timeout = httpx.Timeout(30.0)

        def httpx_get() -> Any:
            return http.get(team_path, headers=call_headers, timeout=call_timeout).json()

        def sdk_get() -> Any:
            return sdk.get_team(id=fixtures["id"], extra_headers=call_headers, timeout=call_timeout)

        def httpx_put() -> Any:
            return http.put(fixtures["putPath"], json=body, headers=call_headers, timeout=call_timeout).json()

        def sdk_put() -> Any:
            return sdk.create_or_update_mcp_server(**kwargs, extra_headers=call_headers, timeout=call_timeout)

        variants: Dict[str, Dict[str, Callable[[], Any]]] = {"get": {"httpx": httpx_get, "sdk": sdk_get}, "put": {"httpx": httpx_put, "sdk": sdk_put}}
        # The same answers: the SDK's model gives back the JSON bare httpx read.
        assert sdk_get().to_dict() == httpx_get()
        assert sdk_put().to_dict() == httpx_put()
        samples: Dict[str, Dict[str, List[float]]] = {m: {v: [] for v in vs} for m, vs in variants.items()}
        order = [(method, name) for method, names in variants.items() for name in names]
        for _ in range(WARM_UP // len(order)):
            for method, name in order:
                variants[method][name]()
        batches = max(1, calls // BATCH)
        for round_index in range(batches):
            rotated = order[round_index % len(order) :] + order[: round_index % len(order)]
            for method, name in rotated:
                call = variants[method][name]
                timed = samples[method][name]
                for _ in range(BATCH):
                    started = time.perf_counter()
                    call()
                    timed.append((time.perf_counter() - started) * 1e6)
        http.close()
        sdk.close()
    result: Dict[str, Any] = {"calls": batches * BATCH, "python": sys.version.split()[0], "httpx": httpx.__version__, "methods": {}}
    for method, by_variant in samples.items():
        summary = {
            name: {"medianUs": statistics.median(s), "p90Us": percentile(s, 0.9), "meanUs": statistics.fmean(s)} for name, s in by_variant.items()
        }
        ratio = summary["sdk"]["medianUs"] / summary["httpx"]["medianUs"]
        result["methods"][method] = {"variants": summary, "sdkVsHttpx": round(ratio, 3)}
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
