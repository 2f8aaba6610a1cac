"""`python -m benchmarks [--quick] [topic ...]`: run the benchmarks, print a Markdown table."""

import argparse
import importlib
import pkgutil

import benchmarks


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("topics", nargs="*", help="topics to run (default: all)")
    parser.add_argument("--quick", action="store_true", help="small sizes, for a smoke test")
    args = parser.parse_args(argv)
    names = sorted(m.name for m in pkgutil.iter_modules(benchmarks.__path__)
                   if m.name.startswith("bench_"))
    if args.topics:
        names = [n for n in names if n.removeprefix("bench_") in args.topics]
    print("| topic | what | time | floor | ratio | target |")
    print("|---|---|---|---|---|---|")
    for name in names:
        module = importlib.import_module(f"benchmarks.{name}")
        for row in module.run(quick=args.quick):
            ratio = f"{row.ratio:.2f}x" if row.ratio is not None else "-"
            floor = f"{row.floor} ({row.floor_seconds * 1e3:.1f} ms)" if row.floor else "-"
            print(f"| {row.topic} | {row.what} | {row.seconds * 1e3:.1f} ms | {floor} | {ratio} "
                  f"| {row.target} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
