"""The Python package's targets (issue 47), timed on this machine:

    python benches/python/bench.py     # with gamelang installed (pip install ./crates/gamelang-py)

- `import gamelang`, in a fresh interpreter (CPython's -X importtime);
- `Program.analyze` of a closed-form position (Nim), a call;
- 10^6 closed-form positions in one `analyze_many`;
- Project Euler 306 (the paper-strip game, Dawson's Kayles, n <= 10^6): the
  table and the count, beside the same count by a plain Python loop over
  the table's values (which must agree).

Each figure is the best of several runs; docs/PERFORMANCE.md keeps them.
"""

import pathlib
import subprocess
import sys
import time

import gamelang

ROOT = pathlib.Path(__file__).resolve().parents[2]


def best(f, runs=5):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - start)
    return min(times), result


def import_time():
    """What `import gamelang` takes in a fresh interpreter (CPython's own
    count, -X importtime: the package and all it imports), in seconds."""
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import gamelang"],
        capture_output=True,
        text=True,
        check=True,
    )
    # Lines `import time: self [us] | cumulative | name`; the package's is last.
    line = [line for line in run.stderr.splitlines() if line.rstrip().endswith("| gamelang")][-1]
    return int(line.split("|")[1]) / 1e6


def main():
    imported = min(import_time() for _ in range(5))
    print(f"import gamelang: {imported * 1e3:.1f} ms")

    nim = gamelang.load(ROOT / "games" / "nim.game")
    nim.analyze("nim at (3, 4, 5)")  # the closed form recognised and verified once
    calls = 20_000
    seconds, _ = best(lambda: [nim.analyze("nim at (3, 4, 5)") for _ in range(calls)])
    print(f"analyze, closed form: {seconds / calls * 1e6:.1f} µs a call")

    triples = [(i % 97, i % 89, i % 83) for i in range(10**6)]
    seconds, many = best(lambda: nim.analyze_many("nim", triples), runs=3)
    by_hand, xor = best(lambda: [a ^ b ^ c for a, b, c in triples], runs=3)
    assert list(many.grundy) == xor
    print(
        f"analyze_many, 10^6 Nim positions: {seconds:.2f} s ({many.count('P')} P-positions; "
        f"a plain Python XOR of each: {by_hand:.3f} s, ratio {seconds / by_hand:.0f})"
    )

    dawson = gamelang.load(ROOT / "games" / "dawson.game")

    def euler_306():
        values = dawson.table(upto=10**6).values
        return values, int((values[1:] != 0).sum()) if hasattr(values, "sum") else None

    seconds, (values, count) = best(euler_306)
    loop_seconds, looped = best(lambda: sum(1 for n in range(1, 10**6 + 1) if values[n] != 0), runs=1)
    assert count in (None, looped) and looped == 852938
    print(
        f"Project Euler 306: {looped} in {seconds:.3f} s (table and count; "
        f"a plain Python loop over the table: {loop_seconds:.3f} s more)"
    )


if __name__ == "__main__":
    main()
