"""Draw the benchmark plots of the docs from a JSON file of ``benchmarks/overhead.py``.

::

    python docs/plots.py [--data docs/_data/benchmarks.json] [--out docs/generated/benchmarks]

Writes ``namespace.svg`` (the cost of ``namespace(x)``), ``ratios-<backend>.svg`` (ember's time
over the native call's and over array-api-compat's, per op and size) and ``run.md`` (when, where
and how the numbers were measured, for ``docs/benchmarks.md`` to include); from
``docs/_data/hotpaths.json`` (``benchmarks/hotpaths.py``) ``hotpaths.svg`` and ``hotpaths.md``;
from ``docs/_data/workloads.json`` (``benchmarks/workloads.py``) ``workloads.svg`` and
``workloads.md``.
Every figure comes from the JSON; nothing is typed in here. The Sphinx build (``docs/conf.py``)
runs this.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib import ticker

DOCS = Path(__file__).resolve().parent
DATA = DOCS / "_data" / "benchmarks.json"
HOTPATHS = DOCS / "_data" / "hotpaths.json"
WORKLOADS = DOCS / "_data" / "workloads.json"
XMAX_WORKLOADS = 2.5
OUT = DOCS / "generated" / "benchmarks"

# goal bound of benchmarks/overhead.py on ember/compat and ember/native (1.0 plus 5% noise)
BOUND = 1.05
# reproducible SVG: no date, fixed ids
SVG_METADATA: dict[str, Any] = {"Date": None}
plt.rcParams["svg.hashsalt"] = "ember_array"


def _size(n: int) -> str:
    return f"{n:,}".replace(",", "\u2009")  # thin space: 100 000


def _series(ops: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The bars of each row: (mode, ratio), e.g. ("call", "ember/compat"), ("eval", ...)."""
    out: list[tuple[str, str]] = []
    for o in ops:
        for key, value in o["ratios"].items():
            if value is not None and (o["mode"], key) not in out:
                out.append((o["mode"], key))
    return out


def _ratios_plot(backend: dict[str, Any], path: Path) -> None:
    ops = backend["ops"]
    sizes = sorted({o["size"] for o in ops})
    names = list(dict.fromkeys(o["op"] for o in ops))
    conforming = {o["op"]: o["native_conforming"] for o in ops}
    series = _series(ops)
    height = 0.8 / len(series)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    fig, axes = plt.subplots(
        1, len(sizes), sharey=True, figsize=(9, 0.25 * len(names) * len(series) + 1.9)
    )
    for ax, size in zip(axes, sizes):
        rows = {(o["op"], o["mode"]): o for o in ops if o["size"] == size}
        for j, (mode, key) in enumerate(series):
            ys, vals, same = [], [], []
            for i, name in enumerate(names):
                row = rows.get((name, mode), {})
                value = row.get("ratios", {}).get(key)
                if value is not None:
                    ys.append(i + (j - (len(series) - 1) / 2) * height)
                    vals.append(value)
                    # ember's function is the very object it is compared with: only noise
                    same.append(row.get(f"ember_is_{key.split('/')[1]}", False))
            label = key if mode == "call" else f"{key} ({mode})"
            ax.barh(ys, vals, height=height, color=colors[j], label=label)
            for y, v, is_same in zip(ys, vals, same):
                ax.annotate(
                    f"{v:.2f}" + (" =" if is_same else ""),
                    (v, y),
                    xytext=(2, 0),
                    textcoords="offset points",
                    va="center",
                    fontsize=7,
                )
        ax.set_xscale("log")
        ax.axvline(1.0, color="black", linewidth=0.8)
        ax.axvline(BOUND, color="grey", linewidth=0.8, linestyle="--", label=f"goal: {BOUND}")
        lo, hi = ax.get_xlim()
        ax.set_xlim(min(lo, 0.5), max(hi, 2.0) * 1.4)
        ax.xaxis.set_major_locator(ticker.LogLocator(base=2))
        ax.xaxis.set_major_formatter(ticker.FormatStrFormatter("%g"))
        ax.xaxis.set_minor_formatter(ticker.NullFormatter())
        ax.set_title(f"{_size(size)} elements", fontsize=10)
        ax.set_xlabel("time ratio (log scale)")
    axes[0].set_yticks(range(len(names)), [n + ("" if conforming[n] else "*") for n in names])
    axes[0].invert_yaxis()
    handles, labels = axes[0].get_legend_handles_labels()
    fig.legend(handles, labels, fontsize=8, loc="lower center", ncol=len(labels))
    fig.suptitle(
        f"{backend['backend']} {backend['version']}: ember_array's median time per call over "
        "the other's (below 1: ember_array is faster)",
        fontsize=10,
    )
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.savefig(path, metadata=SVG_METADATA)
    plt.close(fig)


def _namespace_plot(results: list[dict[str, Any]], path: Path) -> None:
    variants = ("ember", "compat", "dict_floor")
    names = {
        "ember": "ember_array.namespace",
        "compat": "array_api_compat.array_namespace",
        "dict_floor": "dict.get(type(x)) (floor)",
    }
    height = 0.8 / len(variants)
    fig, ax = plt.subplots(figsize=(7.5, 0.9 * len(results) + 1.2))
    for j, v in enumerate(variants):
        ys, vals = [], []
        for i, b in enumerate(results):
            m = b["namespace"]["variants"].get(v, {})
            if m.get("median_ns") is not None:
                ys.append(i + (j - 1) * height)
                vals.append(m["median_ns"])
        ax.barh(ys, vals, height=height, label=names[v])
        for y, val in zip(ys, vals):
            ax.annotate(
                f"{val:.0f} ns",
                (val, y),
                xytext=(3, 0),
                textcoords="offset points",
                va="center",
                fontsize=7,
            )
    ax.set_yticks(range(len(results)), [b["backend"] for b in results])
    ax.invert_yaxis()
    ax.set_xlabel("median ns per call of namespace(x), one array")
    ax.set_xlim(0, ax.get_xlim()[1] * 1.15)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, metadata=SVG_METADATA)
    plt.close(fig)


def _hotpaths_plot(record: dict[str, Any], path: Path) -> None:
    """One bar per hot-path row of ``benchmarks/hotpaths.py``: the goal's measure and bound."""
    rows = record["rows"]
    fig, ax = plt.subplots(figsize=(8, 0.32 * len(rows) + 1.4))
    ys = range(len(rows))
    vals = [r["value"] for r in rows]
    colors = ["tab:green" if r["ok"] else "tab:red" for r in rows]
    ax.barh(ys, vals, color=colors, height=0.6)
    for y, r in zip(ys, rows):
        bound = float(r["goal"].split()[1])
        ax.plot([bound, bound], [y - 0.4, y + 0.4], color="black", linewidth=1.2)
        # the label starts right of both the bar and the goal tick, so the tick never
        # overprints it
        ax.annotate(
            f"{r['value']:.2f} (goal {r['goal']})",
            (max(r["value"], bound), y),
            xytext=(3, 0),
            textcoords="offset points",
            va="center",
            fontsize=7,
        )
    labels = [
        f"{r['backend']} {r['row']}" + (" (throughput)" if r["goal"].startswith(">=") else "")
        for r in rows
    ]
    ax.set_yticks(list(ys), labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.axvline(1.0, color="grey", linewidth=0.8)
    lo, hi = ax.get_xlim()
    ax.set_xlim(min(lo, 0.2), max(hi, 2.0) * 2.5)
    ax.xaxis.set_major_locator(ticker.LogLocator(base=2))
    ax.xaxis.set_major_formatter(ticker.FormatStrFormatter("%g"))
    ax.xaxis.set_minor_formatter(ticker.NullFormatter())
    ax.set_xlabel("ember / anchor time (throughput rows: throughput)\nblack tick: the row's goal")
    fig.tight_layout()
    # bbox "tight": the long row labels and the two-line axis label stay inside the image
    fig.savefig(path, metadata=SVG_METADATA, bbox_inches="tight")
    plt.close(fig)


def _hotpaths_md(record: dict[str, Any]) -> str:
    m, v, s = record["machine"], record["versions"], record["settings"]
    ok = sum(r["ok"] for r in record["rows"])
    return (
        f"- recorded {record['date']} on {m['cpu']} ({m['logical_cpus']} logical CPUs), "
        f"{s['repeats']} interleaved repeats of loops of at least {s['min_time_s']} s, "
        f"torch threads {s['torch_threads']}\n"
        f"- numpy {v.get('numpy')}, torch {v.get('torch')}, mlx {v.get('mlx')}, "
        f"ember_array {v.get('ember_array')}\n"
        f"- {ok} of {len(record['rows'])} rows within their goal\n" + _floors_md(record["rows"])
    )


def _floors_md(rows: list[dict[str, Any]]) -> str:
    """The rows with a ``floor`` (a Python function that only forwards to the anchor): what
    being a Python function costs at all, beside what ember_array's function costs."""
    floored = [r for r in rows if r.get("floor_ratio") is not None]
    if not floored:
        return ""
    cells = "; ".join(
        f"{r['backend']} {r['row']}: {r['ratio']:.2f} (forwarding only: {r['floor_ratio']:.2f})"
        for r in floored
    )
    return f"- ember / anchor beside a Python function that only forwards to the anchor: {cells}\n"


def _workloads_plot(record: dict[str, Any], path: Path) -> None:
    """Per backend, ember/native (bars, one per size) and ember/compat (dots) per function,
    with the noise of each ratio as an error bar and each size's goal as a tick."""
    rows = record["rows"]
    backends = list(dict.fromkeys(r["backend"] for r in rows))
    sizes = list(dict.fromkeys(r["size"] for r in rows))
    functions = list(dict.fromkeys(r["function"] for r in rows))
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    height = 0.8 / len(sizes)
    fig, axes = plt.subplots(
        1, len(backends), sharey=True, figsize=(4 * len(backends), 0.45 * len(functions) + 1.6)
    )
    axes = [axes] if len(backends) == 1 else list(axes)
    for ax, backend in zip(axes, backends):
        cells = {(r["function"], r["size"]): r for r in rows if r["backend"] == backend}
        for j, size in enumerate(sizes):
            ys, vals, errs, cys, cvals = [], [], [], [], []
            for i, name in enumerate(functions):
                r = cells.get((name, size))
                if r is None or r["ember_native"] is None:
                    continue
                y = i + (j - (len(sizes) - 1) / 2) * height
                ys.append(y)
                vals.append(r["ember_native"])
                errs.append(r["ember_native_noise"])
                if r["ember_compat"] is not None:
                    cys.append(y)
                    cvals.append(r["ember_compat"])
                ax.plot([r["goal_native"]] * 2, [y - height / 2, y + height / 2], color="black")
            ax.barh(ys, vals, xerr=errs, height=height, color=colors[j], label=f"{size}: e/native")
            ax.plot(cvals, cys, "o", color=colors[j], markeredgecolor="black", markersize=4,
                    label=f"{size}: e/compat" if cvals else None)  # fmt: skip
        ax.axvline(1.0, color="grey", linewidth=0.8)
        ax.set_title(backend)
        ax.set_xlim(0, XMAX_WORKLOADS)  # a bar past the edge is cut there: its value is in the JSON
        ax.set_xlabel("ember / native (bars), ember / compat (dots)")
    axes[0].set_yticks(range(len(functions)), functions, fontsize=8)
    axes[0].invert_yaxis()
    axes[0].legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, metadata=SVG_METADATA)
    plt.close(fig)


def _workloads_md(record: dict[str, Any]) -> str:
    """The run, then a table per backend and size: the geometric mean and worst of each ratio,
    the run's noise, and the functions over their goal."""
    s, m, v = record["settings"], record["machine"], record["versions"]
    lines = [
        f"- command: `python benchmarks/workloads.py {' '.join(record['argv'])}`",
        f"- started {record['started_utc']} (UTC), {record['duration_s']:.0f} s; mode "
        f"`{s['mode']}`: {s['repeats']} interleaved repeats of loops of at least "
        f"{s['min_loop_s']} s",
        f"- machine: {m['cpu']}, {m['cpus_usable']} usable cores; numpy {v.get('numpy')}, "
        f"torch {v.get('torch')}, mlx {v.get('mlx')}, array-api-compat "
        f"{v.get('array_api_compat')}, ember_array {v.get('ember_array')}; "
        f"{s['threads']} thread(s)",
        "",
        "| backend | size | ember / native: geomean (worst) | ember / compat | noise (median ±) |",
        "|---|---|---|---|---|",
    ]

    def cell(x: dict[str, float] | None) -> str:
        return "-" if x is None else f"{x['geomean']:.2f} ({x['max']:.2f})"

    for g in record["summary"]["groups"]:
        noise = "-" if g["median_noise"] is None else f"{g['median_noise']:.3f}"
        lines.append(
            f"| {g['backend']} | {g['size']} | {cell(g['ember_native'])} | "
            f"{cell(g['ember_compat'])} | {noise} |"
        )
    over = [o for o in record["summary"]["over"] if o["verdict"] == "OVER"]
    lines += ["", f"Over goal by more than the noise: {len(over)} ratio(s)."]
    return "\n".join(lines) + "\n"


def _run_md(record: dict[str, Any]) -> str:
    s, m, v = record["settings"], record["machine"], record["versions"]
    backends = ", ".join(f"{b['backend']} {b['version']}" for b in record["results"])
    lines = [
        f"- command: `python benchmarks/overhead.py {' '.join(record['argv'])}`",
        f"- started {record['started_utc']} (UTC), {record['duration_s']:.0f} s; mode "
        f"`{s['mode']}`: {s['repeats']} repeats of timing loops of at least {s['min_loop_s']} s",
        f"- machine: {m['cpu_model']}, {m['cpus_usable']} usable cores, {m['platform']}",
        f"- Python {v['python']}, array-api-compat {v['array_api_compat']}, "
        f"ember_array {v['ember_array']}; {backends}; {s['threads']} thread(s)",
    ]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> list[Path]:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, default=DATA, help="JSON of benchmarks/overhead.py")
    p.add_argument("--out", type=Path, default=OUT, help="folder for the figures")
    p.add_argument("--hotpaths", type=Path, default=HOTPATHS, help="JSON of hotpaths.py")
    p.add_argument("--workloads", type=Path, default=WORKLOADS, help="JSON of workloads.py")
    args = p.parse_args(argv)
    record = json.loads(args.data.read_text(encoding="utf-8"))
    args.out.mkdir(parents=True, exist_ok=True)
    written = [args.out / "namespace.svg"]
    _namespace_plot(record["results"], written[0])
    for backend in record["results"]:
        if backend["ops"]:
            path = args.out / f"ratios-{backend['backend']}.svg"
            _ratios_plot(backend, path)
            written.append(path)
    run = args.out / "run.md"
    run.write_text(_run_md(record), encoding="utf-8")
    written.append(run)
    if args.hotpaths.exists():
        hot = json.loads(args.hotpaths.read_text(encoding="utf-8"))
        written += [args.out / "hotpaths.svg", args.out / "hotpaths.md"]
        _hotpaths_plot(hot, written[-2])
        written[-1].write_text(_hotpaths_md(hot), encoding="utf-8")
    if args.workloads.exists():
        work = json.loads(args.workloads.read_text(encoding="utf-8"))
        written += [args.out / "workloads.svg", args.out / "workloads.md"]
        _workloads_plot(work, written[-2])
        written[-1].write_text(_workloads_md(work), encoding="utf-8")
    return written


if __name__ == "__main__":
    for path in main():
        print(path)
