"""Load test: 50 learners at once against the production server, bounded in time.

Starts the ``make serve`` configuration itself (gunicorn, gunicorn.conf.py,
a throw-away SQLite database, a random SECRET_KEY) on a free loopback port,
or targets a running server with ``--url``. Then runs phases, each bounded by
``--duration`` seconds and ``--max-requests`` requests:

1. ``ceiling`` — every user polls ``/healthz`` (the trivial endpoint);
2. ``drills`` — every user answers lesson drills (htmx POSTs with the CSRF
   token and cookies from a GET of the lesson, a fresh nonce per answer, so
   each answer is graded *and* written to the database);
3. ``mix`` — lesson page views, drill answers and practice problems (GET a
   generated problem, POST an answer), as learners would;
4. ``paced`` — drill answers again, but learners arrive over
   :data:`ARRIVALS` seconds and each pauses about :data:`THINK` seconds
   between answers, as people do (figures from after the last arrival).

Before them, unless ``--no-warm-up``, a few learners answer every drill once
(unmeasured), so a fresh server's one-time work is not counted in the phases.

Phases 1–3 are closed loops without pauses: 50 users keep the server
saturated, so their latency is 50 ÷ throughput (Little's law) and measures
capacity; ``paced`` shows what 50 people answering at once actually wait.

For each request type it prints requests/s, p50/p95/p99 latency and errors
(any status other than 200, or a failed connection), then a summary of the two
targets: paced learners' answer p99 < 50 ms with zero errors, and saturated
answer throughput at least 45 % of the ceiling with zero errors (its p99 is
printed, not judged). The client runs in ``--procs`` processes of
threads with keep-alive connections (stdlib only), on the same machine.

Each learner answers a drill three ways in turn, filled at random: together
50 learners give each drill up to 150 different answers, and 35–40 % of all
answers are new to the site's memory of feedback (a worst case: real learners
converge on the right answer and a few common mistakes). ``--answers shared``
gives every learner the same three answers per drill instead, for comparison.

The machine's own speed can drift by a third within minutes on a shared VM,
and a ceiling measured in a fast minute against drills in a slow one gives a
wrong share. ``--rounds N`` runs the phases in turn N times, each for a
``--duration``/N slice, sums the slices of each phase, and prints the share
round by round as well.

    .venv/bin/python benchmarks/load.py                 # 4 phases × 20 s, 50 users
    .venv/bin/python benchmarks/load.py --phases ceiling,drills --rounds 5 --duration 40
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:8000 --duration 10
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import resource
import shutil
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from app_cpu import DUMP_EVERY, KINDS, read_totals  # noqa: E402
from loadkit import Learner, discover, start_server, stop_server, summarise  # noqa: E402

PHASES = ("ceiling", "drills", "mix", "paced")
THINK = 0.2  # seconds a "paced" learner spends between answers (real ones: far more)
PACED_P99_MS = 50.0  # target: paced learners' answer p99
TARGET_SHARE = 0.45  # target: saturated answer throughput as a share of /healthz
ARRIVALS = 3.0  # paced learners arrive over this many seconds; figures start after that
# The mix: what a learner does, by weight (a lesson is read, several drills answered).
MIX = (("lesson", 2), ("drill", 5), ("practice", 3))


def _user(args: tuple[str, str, float, int, dict[str, object], int]) -> dict[str, list[float]]:
    base, phase, deadline, budget, site, seed = args
    learner = Learner(base, site, seed)
    try:
        warm_until = 0.0
        if phase == "paced":  # people arrive one by one, not all in the same millisecond
            warm_until = time.time() + ARRIVALS
            time.sleep(learner.rng.uniform(0, ARRIVALS))
        if phase != "ceiling":
            learner.start()  # the GET that gives the CSRF token and cookies
            learner.samples.clear()
        while time.time() < deadline and budget > 0:
            if warm_until and time.time() < warm_until:
                learner.samples.clear()  # figures only once everyone has arrived
            budget -= 1
            if phase == "ceiling":
                learner.healthz()
            elif phase == "drills":
                learner.answer_drill(keep_body=False)
            elif phase == "paced":
                learner.answer_drill(keep_body=False)
                time.sleep(learner.rng.uniform(0.5, 1.5) * THINK)
            else:
                learner.act(MIX)
    finally:
        learner.close()
    return dict(learner.samples)


def _process(args: tuple[str, str, float, int, dict[str, object], int, int]) -> dict[str, list]:
    """One client process: ``threads`` users, results merged."""
    from concurrent.futures import ThreadPoolExecutor

    base, phase, deadline, budget, site, threads, offset = args
    merged: dict[str, list[float]] = defaultdict(list)
    with ThreadPoolExecutor(threads) as pool:
        jobs = [(base, phase, deadline, budget, site, offset + i) for i in range(threads)]
        for result in pool.map(_user, jobs):
            for name, values in result.items():
                merged[name].extend(values)
    return dict(merged)


_TICK = os.sysconf("SC_CLK_TCK")


def server_cpu(master: int | None, system_only: bool = False) -> float:
    """CPU seconds (user + system, or system only) used so far by gunicorn's workers."""
    if master is None:
        return 0.0
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:  # field 4, ppid; the workers are the master's children
            total += (int(fields[12]) + (0 if system_only else int(fields[11]))) / _TICK  # s+u
    return total


def idle_cpu() -> float:
    """Idle CPU seconds of the whole machine so far (all cores)."""
    with open("/proc/stat") as handle:
        fields = handle.readline().split()
    return (int(fields[4]) + int(fields[5])) / _TICK  # idle + iowait


def client_cpu(system_only: bool = False) -> float:
    """CPU seconds of this script's finished child processes (the client pools)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_stime + (0.0 if system_only else usage.ru_utime)


@dataclass
class Slice:
    """What one run of a phase measured, before summing: samples, time and CPU."""

    samples: dict[str, list[tuple[float, bool]]]
    wall: float  # seconds the slice ran
    elapsed: float  # of which measured (paced learners' arrivals left out)
    spent: tuple[float, ...]  # CPU seconds: server, client, idle, server kernel, client kernel
    app: dict[str, tuple[int, float]] = field(default_factory=dict)  # kind: (served, CPU s)


def run_phase(base: str, phase: str, options: argparse.Namespace,
              site: dict[str, object], master: int | None,
              app_cpu: Path | None, duration: float) -> Slice:
    """Run one phase with every user at once for ``duration`` seconds."""
    app_before = _app_totals(app_cpu)
    per_proc = [options.users // options.procs + (i < options.users % options.procs)
                for i in range(options.procs)]
    budget = max(1, options.max_requests // options.users)
    before = _cpu_now(master)
    started = time.time()
    deadline = started + duration
    jobs = [(base, phase, deadline, budget, site, n, 1000 * i) for i, n in enumerate(per_proc)]
    merged: dict[str, list] = defaultdict(list)
    with mp.get_context("fork").Pool(options.procs) as pool:
        for result in pool.map(_process, jobs):
            for name, values in result.items():
                merged[name].extend(values)
    wall = time.time() - started
    spent = tuple(after - prior for after, prior in zip(_cpu_now(master), before, strict=True))
    app = {}
    if app_cpu:
        after = _app_totals(app_cpu)
        app = {kind: (after[kind][0] - app_before[kind][0], after[kind][1] - app_before[kind][1])
               for kind in KINDS}
    return Slice(dict(merged), wall, wall - (ARRIVALS if phase == "paced" else 0.0), spent, app)


def _cpu_now(master: int | None) -> tuple[float, ...]:
    return (server_cpu(master), client_cpu(), idle_cpu(), server_cpu(master, True),
            client_cpu(True))


def phase_rows(slices: list[Slice]) -> dict[str, dict[str, float]]:
    """Per request type figures of a phase, over all its slices (``--rounds``).

    Requests/s is all requests over all measured seconds; percentiles are over
    every sample. The ``_cpu`` row says where the machine's CPU went, per
    request of the phase: ``server_ms`` (gunicorn workers, when this script
    started them; ``server_sys_ms`` of it in the kernel), ``client_ms`` (the
    load client itself, on the same cores) and ``idle_share`` (0–1): the ratio
    to the ceiling is about the server. With ``--app-cpu``, the ``_app`` row:
    thread CPU inside the site per request of each kind (:mod:`app_cpu`).
    """
    merged: dict[str, list[tuple[float, bool]]] = defaultdict(list)
    for part in slices:
        for name, values in part.samples.items():
            merged[name].extend(values)
    elapsed = sum(part.elapsed for part in slices)
    wall = sum(part.wall for part in slices)
    spent = [sum(column) for column in zip(*(part.spent for part in slices), strict=True)]
    rows: dict[str, dict[str, float]] = {
        name: summarise(values, elapsed) for name, values in sorted(merged.items())}
    count = sum(len(values) for values in merged.values()) or 1
    rows["_cpu"] = {"server_ms": spent[0] * 1000 / count, "client_ms": spent[1] * 1000 / count,
                    "idle_share": spent[2] / (wall * (os.cpu_count() or 1)) if wall else 0.0,
                    "server_sys_ms": spent[3] * 1000 / count,
                    "client_sys_ms": spent[4] * 1000 / count}
    if any(part.app for part in slices):
        rows["_app"] = {}
        for kind in KINDS:
            served = sum(part.app[kind][0] for part in slices if part.app)
            if served:
                cpu = sum(part.app[kind][1] for part in slices if part.app)
                rows["_app"][kind] = cpu * 1000 / served
    return rows


def round_shares(ceiling: list[Slice], drills: list[Slice]) -> list[float]:
    """Drill throughput over the ceiling's, round by round (the spread ``--rounds`` shows)."""
    return [_share(summarise(answer.samples.get("drill", []), answer.elapsed),
                   summarise(top.samples.get("healthz", []), top.elapsed))
            for top, answer in zip(ceiling, drills, strict=False)]


def _share(drill: dict[str, float], ceiling: dict[str, float]) -> float:
    return drill["rps"] / ceiling["rps"] if ceiling["rps"] else 0.0


def _app_totals(folder: Path | None) -> dict[str, tuple[int, float]]:
    """The site's CPU totals once the workers have written what they served so far."""
    if folder is None:
        return {}
    time.sleep(3 * DUMP_EVERY)
    return read_totals(folder)


def warm_up(base: str, site: dict[str, object], learners: int = 4) -> int:
    """Answer every drill once per learner (on its own connection), unmeasured.

    A fresh worker renders each drill's answer-independent explanation, and
    Python warms up its code paths, on the first answers (~0.25 ms more server
    CPU per answer in a 10 s phase than in the next one); the figures are
    meant for a running site, as the ceiling is. Several learners, so both
    workers (one per keep-alive connection) get warm. Returns answers sent.
    """
    sent = 0
    for seed in range(learners):
        learner = Learner(base, site, 10_000 + seed)
        try:
            learner.start()
            for form in site["drills"]:  # type: ignore[attr-defined]
                learner.answer_drill(form, keep_body=False)
                sent += 1
        finally:
            learner.close()
    return sent


def report(results: dict[str, dict[str, dict[str, float]]],
           shares: list[float] | None = None) -> list[str]:
    """The table, then the verdict on each target; returns the failed targets.

    ``shares``: the drill/ceiling ratio of each round, printed when there are
    several. The ceiling's own p99 is printed beside the saturated drills' p99:
    it says what the same 50 clients cost the trivial endpoint on this machine.
    """
    print(f"{'phase':8} {'request':14} {'count':>7} {'req/s':>8} {'p50 ms':>7} "
          f"{'p95 ms':>7} {'p99 ms':>7} {'errors':>6}")
    for phase, rows in results.items():
        for name, row in rows.items():
            if name.startswith("_"):
                continue
            print(f"{phase:8} {name:14} {row['count']:7d} {row['rps']:8.1f} {row['p50']:7.1f} "
                  f"{row['p95']:7.1f} {row['p99']:7.1f} {row['errors']:6d}")
    _report_cpu(results)
    return summary(results, shares)


def summary(results: dict[str, dict[str, dict[str, float]]],
            shares: list[float] | None = None) -> list[str]:
    """The two targets of the load issue in one block; returns the failed ones.

    Paced learners (pauses of about :data:`THINK` s, random answers): p99 under
    :data:`PACED_P99_MS` with no errors. Saturating clients (no pauses): answer
    throughput at least :data:`TARGET_SHARE` of ``/healthz`` in the same run,
    no errors; their p99 is printed, not judged — under saturation it is
    50 ÷ throughput and measures the machine (even ``/healthz`` misses 50 ms).
    """
    failed = []
    print("summary:")
    paced = results.get("paced", {}).get("drill")
    if paced:
        ok = paced["p99"] < PACED_P99_MS and paced["errors"] == 0
        print(f"  paced learners (pauses ~{THINK} s): answer p99 {paced['p99']:.1f} ms, "
              f"errors {paced['errors']}: {'OK' if ok else 'MISSED'} "
              f"(target p99 < {PACED_P99_MS:.0f} ms, 0 errors)")
        if not ok:
            failed.append("paced p99/errors")
    ceiling = results.get("ceiling", {}).get("healthz")
    drill = results.get("drills", {}).get("drill")
    if drill and ceiling:
        share = _share(drill, ceiling)
        ok = share >= TARGET_SHARE and drill["errors"] == 0 and ceiling["errors"] == 0
        print(f"  saturating clients: answers {drill['rps']:.0f} req/s = {share:.0%} of /healthz "
              f"{ceiling['rps']:.0f} req/s, errors {drill['errors']}: {'OK' if ok else 'MISSED'} "
              f"(target ≥ {TARGET_SHARE:.0%}, 0 errors)")
        print(f"  saturating clients, reported only: answer p99 {drill['p99']:.1f} ms, "
              f"/healthz p99 {ceiling['p99']:.1f} ms")
        if shares and len(shares) > 1:
            print("  round by round: " + ", ".join(f"{one:.0%}" for one in shares))
        if not ok:
            failed.append("drill throughput share")
    return failed


def _report_cpu(results: dict[str, dict[str, dict[str, float]]]) -> None:
    """Per phase: CPU per request of the server, the client and (``--app-cpu``) the site."""
    for phase, rows in results.items():
        cpu = rows.get("_cpu")
        if cpu:
            print(f"{phase:8} CPU per request: server {cpu['server_ms']:.2f} ms (kernel "
                  f"{cpu['server_sys_ms']:.2f}), client {cpu['client_ms']:.2f} ms (kernel "
                  f"{cpu['client_sys_ms']:.2f}); "
                  f"machine idle {cpu['idle_share']:.0%}")
    for phase, rows in results.items():
        inside = rows.get("_app")
        if inside:
            parts = ", ".join(f"{kind} {ms:.2f} ms" for kind, ms in inside.items())
            print(f"{phase:8} CPU inside the site per request (thread time): {parts}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--url", help="a running server (default: start gunicorn on loopback)")
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--duration", type=float, default=20.0,
                        help="seconds per phase (split between the rounds)")
    parser.add_argument("--max-requests", type=int, default=200_000, help="cap per phase")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--phases", default=",".join(PHASES))
    parser.add_argument("--rounds", type=int, default=1,
                        help="run the phases in turn this many times, each for duration/rounds "
                        "seconds, and sum them: the ceiling and the drills then share the "
                        "machine's slow and fast moments")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--no-warm-up", dest="warm_up", action="store_false",
                        help="measure from a cold server (first answers render each drill)")
    parser.add_argument("--database-url", help="progress database of the started server "
                        "(default: a throw-away SQLite file)")
    parser.add_argument("--content-dir", help="lessons of the started server (default: "
                        "content/ru of the checkout; a copy keeps edits out of a run)")
    parser.add_argument("--keep-log", action="store_true",
                        help="keep the started server's JSON access log and print its path")
    parser.add_argument("--answers", choices=("random", "shared"), default="random",
                        help="each learner's own random answers (default), or the same three "
                        "per drill for everyone")
    parser.add_argument("--app-cpu", action="store_true",
                        help="also report the CPU spent inside the site per request, apart "
                        "from gunicorn's (benchmarks/app_cpu.py; not with --url)")
    options = parser.parse_args(argv)
    if options.rounds < 1:
        parser.error("--rounds: at least 1")
    if options.app_cpu and options.url:
        parser.error("--app-cpu measures a server this script starts, not --url")
    env = {"DATABASE_URL": options.database_url} if options.database_url else {}
    if options.content_dir:
        env["FLASK_CONTENT_DIR"] = str(Path(options.content_dir).resolve())
    app_cpu = None
    if options.app_cpu:
        app_cpu = Path(tempfile.mkdtemp(prefix="tempai-app-cpu-"))
        here = str(Path(__file__).resolve().parent)
        env.update(TEMPAI_APP_CPU_DIR=str(app_cpu),
                   PYTHONPATH=os.pathsep.join(filter(None, (here, os.environ.get("PYTHONPATH")))))
    server = None if options.url else start_server(
        env, app="app_cpu:build()" if app_cpu else "wsgi:app")
    base = options.url or server.url  # type: ignore[union-attr]
    try:
        site = discover(base)
        site["answers"] = options.answers
        print(f"target {base}: {len(site['drills'])} lesson drills, "
              f"{len(site['practice'])} practice pages, {options.users} users, "
              f"{options.duration:g} s per phase, {options.answers} answers", flush=True)
        if options.warm_up and set(options.phases.split(",")) - {"ceiling"}:
            print(f"warm-up (not measured): {warm_up(base, site)} answers", flush=True)
        slices: dict[str, list[Slice]] = defaultdict(list)
        master = server.proc.pid if server is not None else None
        for _ in range(options.rounds):
            for phase in options.phases.split(","):
                slices[phase].append(run_phase(base, phase, options, site, master, app_cpu,
                                               options.duration / options.rounds))
                time.sleep(1)  # let keep-alive connections close between phases
    finally:
        if server is not None:
            stop_server(server, keep=options.keep_log)
            if options.keep_log:
                print(f"server log: {server.log}")
        if app_cpu:
            shutil.rmtree(app_cpu, ignore_errors=True)
    results = {phase: phase_rows(parts) for phase, parts in slices.items()}
    failed = report(results, round_shares(slices.get("ceiling", []), slices.get("drills", [])))
    if options.json:
        Path(options.json).write_text(json.dumps(results, indent=2))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
