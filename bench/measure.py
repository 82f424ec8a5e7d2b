#!/usr/bin/env python3
"""Times whole processes for bench/run.sh: the median wall time of several
runs, and the peak memory (max RSS) of each command, taken from wait4 so
that every run is measured on its own. The commands take turns, one run of
each per round, so that a slow spell of a shared machine falls on all of
them rather than on whichever command was running then; the ratios compare
like with like. Prints a Markdown table."""
import os
import statistics
import subprocess
import sys
import time


def run_once(argv):
    """Wall seconds and max RSS (MiB) of one run of argv, stdout discarded."""
    with open(os.devnull, "wb") as devnull:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdout=devnull)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(argv)}")
    return seconds, usage.ru_maxrss / 1024


def measure(rows, runs):
    """Median seconds and largest max RSS of each named command, over `runs` rounds."""
    samples = {name: [] for name, _ in rows}
    for _ in range(runs):
        for name, argv in rows:
            samples[name].append(run_once(argv))
    return {
        name: (statistics.median(seconds for seconds, _ in taken), max(peak for _, peak in taken))
        for name, taken in samples.items()
    }


def main():
    runs, tree, gametree, floor = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    # The rest, if any, is a command every measured command runs under
    # (`taskset -c 0` for one core).
    prefix = sys.argv[5:]
    # Count the trace's bytes without holding them: the harness must stay
    # small, or forked children would start with its memory counted.
    trace_file = os.path.join(os.path.dirname(tree), "trace.json")
    with open(trace_file, "wb") as sink:
        subprocess.run([gametree, "trace", tree, "--format", "json"], stdout=sink, check=True)
    trace_bytes = os.path.getsize(trace_file)
    answer_file = os.path.join(os.path.dirname(tree), "answer.txt")
    with open(answer_file, "wb") as sink:
        subprocess.run([gametree, "trace", tree, "--format", "answer"], stdout=sink, check=True)
    size_mib = os.path.getsize(tree) / 2**20
    rows = [
        ("gametree trace --format answer", [gametree, "trace", tree, "--format", "answer"]),
        ("python3 bench/minimax.py (baseline)", [sys.executable, "bench/minimax.py", tree]),
        ("gametree trace --format json", [gametree, "trace", tree, "--format", "json"]),
        ("floor: serde_json parse + write the same bytes", [floor, tree, str(trace_bytes)]),
        ("context: serde_json parse into a Value + write the same bytes", [floor, tree, str(trace_bytes), "--value"]),
        ("gametree trace --format text", [gametree, "trace", tree, "--format", "text"]),
        ("gametree trace --algo alphabeta --format answer", [gametree, "trace", tree, "--algo", "alphabeta", "--format", "answer"]),
        ("gametree compare", [gametree, "compare", tree]),
        ("gametree check (the JSON trace)", [gametree, "check", tree, trace_file]),
        ("gametree check (the classroom answer)", [gametree, "check", tree, answer_file]),
    ]
    rows = [(name, prefix + argv) for name, argv in rows]
    results = measure(rows, runs)
    where = f"{os.cpu_count()} cores" + (f", every command under `{' '.join(prefix)}`" if prefix else "")
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    print(f"Full tic-tac-toe tree ({size_mib:.1f} MiB flat JSON, 549,946 nodes); "
          f"{where}, {memory:.0f} GiB; median of {runs} runs.\n")
    print("| command | time (s) | peak memory (MiB) |")
    print("| --- | ---: | ---: |")
    for name, (seconds, peak) in results.items():
        print(f"| `{name}` | {seconds:.3f} | {peak:.0f} |")
    answer = results["gametree trace --format answer"][0]
    python = results["python3 bench/minimax.py (baseline)"][0]
    json_time, json_peak = results["gametree trace --format json"]
    floor_time = results["floor: serde_json parse + write the same bytes"][0]
    value_time = results["context: serde_json parse into a Value + write the same bytes"][0]
    print()
    answer_peak = results["gametree trace --format answer"][1]
    print(f"- answer vs Python: {python / answer:.1f}x faster (goal: 11x)")
    print(f"- json vs floor: {json_time / floor_time:.1f}x the floor (goal: within 4x); "
          f"{json_time / value_time:.1f}x the parse into a Value")
    print(f"- peak memory: answer {answer_peak / size_mib:.2f}x, json {json_peak / size_mib:.2f}x "
          f"the input file (goal: within 2.2x)")
    check_time, check_peak = results["gametree check (the JSON trace)"]
    trace_mib = trace_bytes / 2**20
    print(f"- check of the JSON trace ({trace_mib:.0f} MiB): {check_time / json_time:.1f}x the time "
          f"writing it takes, peak memory {check_peak / trace_mib:.1f}x the trace "
          f"(goal: comparable time, within 2x)")
    check_time, check_peak = results["gametree check (the classroom answer)"]
    answer_mib = os.path.getsize(answer_file) / 2**20
    print(f"- check of the classroom answer ({answer_mib:.0f} MiB): {check_time / answer:.1f}x "
          f"the time the answer takes, peak memory {check_peak / (answer_peak + answer_mib):.2f}x "
          f"the answer's peak plus the answer file (goal: within 1.5x)")


if __name__ == "__main__":
    main()
