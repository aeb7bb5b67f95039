"""``load.py --rounds``: the phases run in turn, and each phase's slices are summed.

On a shared VM the machine's speed drifts within minutes; slices of the
ceiling and the drills taken in turn share the fast and the slow moments, so
their ratio is fairer than one ceiling minute against one drills minute.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.support.live import benchmark


@pytest.fixture(scope="module")
def load() -> ModuleType:
    return benchmark("load.py")


def _slice(load: ModuleType, kind: str, latencies: list[float], seconds: float,
           cpu: float = 1.0, errors: int = 0) -> object:
    samples = [(ms, True) for ms in latencies]
    samples[:errors] = [(ms, False) for ms, _ in samples[:errors]]
    # server, client, idle, server kernel, client kernel
    return load.Slice({kind: samples}, seconds, seconds, (cpu, cpu / 4, 0.0, cpu / 10, 0.0))


def test_slices_of_a_phase_are_summed_not_averaged(load: ModuleType) -> None:
    fast = _slice(load, "drill", [10.0] * 300, seconds=1.0, cpu=0.3)
    slow = _slice(load, "drill", [40.0] * 100, seconds=3.0, cpu=0.2, errors=2)
    rows = load.phase_rows([fast, slow])
    drill = rows["drill"]
    assert drill["count"] == 400 and drill["errors"] == 2
    assert drill["rps"] == pytest.approx(100.0)  # 400 requests in 4 measured seconds
    assert drill["p50"] == 10.0 and drill["p99"] == 40.0  # over every sample, not per slice
    assert rows["_cpu"]["server_ms"] == pytest.approx(0.5 * 1000 / 400)
    assert rows["_cpu"]["client_ms"] == pytest.approx(0.125 * 1000 / 400)


def test_one_slice_gives_the_figures_of_a_plain_phase(load: ModuleType) -> None:
    rows = load.phase_rows([_slice(load, "healthz", [1.0, 2.0, 3.0, 4.0], seconds=2.0)])
    assert rows["healthz"]["count"] == 4 and rows["healthz"]["rps"] == pytest.approx(2.0)
    assert "_app" not in rows


def test_the_share_is_given_round_by_round(load: ModuleType) -> None:
    ceiling = [_slice(load, "healthz", [1.0] * 1000, 1.0),
               _slice(load, "healthz", [1.0] * 500, 1.0)]
    drills = [_slice(load, "drill", [1.0] * 600, 1.0), _slice(load, "drill", [1.0] * 300, 1.0)]
    assert load.round_shares(ceiling, drills) == pytest.approx([0.6, 0.6])
    # summed, the phases give the same 60 % though the machine halved its speed in round 2
    share = load.phase_rows(drills)["drill"]["rps"] / load.phase_rows(ceiling)["healthz"]["rps"]
    assert share == pytest.approx(0.6)


def test_the_report_prints_each_round_and_the_ceilings_own_p99(
        load: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    ceiling = [_slice(load, "healthz", [70.0] * 100, 1.0),
               _slice(load, "healthz", [70.0] * 100, 1.0)]
    drills = [_slice(load, "drill", [90.0] * 50, 1.0), _slice(load, "drill", [90.0] * 70, 1.0)]
    results = {"ceiling": load.phase_rows(ceiling), "drills": load.phase_rows(drills)}
    failed = load.report(results, load.round_shares(ceiling, drills))
    out = capsys.readouterr().out
    assert "round by round: 50%, 70%" in out
    assert "answer p99 90.0 ms, /healthz p99 70.0 ms" in out  # reported, not judged
    assert "60% of /healthz" in out
    assert failed == []


def test_the_summary_judges_paced_p99_and_the_saturated_share(
        load: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    """The targets (docs/performance.md): paced p99 < 50 ms; saturated share ≥ 45 %, 0 errors."""
    ceiling = [_slice(load, "healthz", [70.0] * 100, 1.0)]
    slow_drills = [_slice(load, "drill", [90.0] * 44, 1.0)]
    paced = [_slice(load, "drill", [60.0] * 100, 10.0)]
    results = {"ceiling": load.phase_rows(ceiling), "drills": load.phase_rows(slow_drills),
               "paced": load.phase_rows(paced)}
    assert load.summary(results) == ["paced p99/errors", "drill throughput share"]
    out = capsys.readouterr().out
    assert "44% of /healthz" in out and "MISSED (target ≥ 45%, 0 errors)" in out
    results["paced"] = load.phase_rows([_slice(load, "drill", [12.0] * 100, 10.0)])
    results["drills"] = load.phase_rows([_slice(load, "drill", [90.0] * 45, 1.0)])
    assert load.summary(results) == []
