"""Benchmark of a page's kernel start: a new interpreter (jupyter_client's local provisioner) against a fork of the
app's fork server (``gouji_teach.app.forking``), each kernel started as the app starts a warm one (the course
imported) and asked for its ``kernel_info`` until it answers.

    python bench/bench_kernels.py                  # 8 kernels each way, one at a time
    python bench/bench_kernels.py --kernels 20 --at-once

Per way: CPU of the kernel process until it answered (its user + system time, from ``/proc``: the cost a class
pays per page), wall time until it answered, each kernel's RSS and PSS (its share of pages it shares with others:
forked kernels share the fork server's), and, for the fork server, its own start (paid once). Medians, and the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time

from jupyter_client import AsyncKernelManager

from gouji_teach.app import forking

_TICK = os.sysconf("SC_CLK_TCK")
_WARM = "--IPKernelApp.exec_lines=import gouji_teach.teach.pages"


def _cpu(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICK


def _memory(pid: int) -> tuple[float, float]:
    """RSS and PSS of ``pid`` in MB."""
    found = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("Rss", "Pss"):
                found[key] = int(value.split()[0]) / 1024
    return found["Rss"], found["Pss"]


async def _start(provisioner: str) -> tuple[AsyncKernelManager, float]:
    km = AsyncKernelManager(transport="ipc")
    km.kernel_spec.metadata["kernel_provisioner"] = {"provisioner_name": provisioner}
    t0 = time.perf_counter()
    await km.start_kernel(extra_arguments=[_WARM])
    client = km.client()
    client.start_channels()
    await client.wait_for_ready(timeout=120)
    client.stop_channels()
    return km, time.perf_counter() - t0


async def _way(provisioner: str, n: int, at_once: bool) -> dict[str, list[float]]:
    if at_once:
        started = await asyncio.gather(*(_start(provisioner) for _ in range(n)))
    else:
        started = [await _start(provisioner) for _ in range(n)]
    figures: dict[str, list[float]] = {"cpu": [], "wall": [], "rss": [], "pss": []}
    for km, wall in started:
        pid = km.provisioner.pid
        rss, pss = _memory(pid)
        figures["cpu"].append(_cpu(pid))
        figures["wall"].append(wall)
        figures["rss"].append(rss)
        figures["pss"].append(pss)
    await asyncio.gather(*(km.shutdown_kernel(now=True) for km, _ in started))
    return figures


async def _main(args: argparse.Namespace) -> None:
    print(f"{args.kernels} kernels each way, {'at once' if args.at_once else 'one at a time'}, the course imported")
    print(f"{'way':<18} {'CPU s':>7} {'wall s':>7} {'RSS MB':>7} {'PSS MB':>7}   (medians)")
    results = {}
    for name, provisioner in (("new interpreter", "local-provisioner"), ("forked", "gouji-fork")):
        t0 = time.perf_counter()
        figures = await _way(provisioner, args.kernels, args.at_once)
        results[name] = {k: statistics.median(v) for k, v in figures.items()}
        m = results[name]
        print(f"{name:<18} {m['cpu']:>7.3f} {m['wall']:>7.2f} {m['rss']:>7.1f} {m['pss']:>7.1f}"
              f"   ({time.perf_counter() - t0:.1f} s for all)", flush=True)
    server = forking._SERVER
    if server is not None and server.process is not None and server.alive():
        rss, _ = _memory(server.process.pid)
        print(f"fork server: CPU {_cpu(server.process.pid):.2f} s once (imports), RSS {rss:.0f} MB")
        server.process.terminate()
    new, forked = results["new interpreter"], results["forked"]
    print(f"ratio new/forked: CPU {new['cpu'] / forked['cpu']:.1f}x, wall {new['wall'] / forked['wall']:.1f}x, "
          f"PSS {new['pss'] / forked['pss']:.1f}x")
    print("goal (issue 24): a kernel's start <= 0.1 s of CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", type=int, default=8)
    parser.add_argument("--at-once", action="store_true", help="start each way's kernels together (a class)")
    asyncio.run(_main(parser.parse_args()))


if __name__ == "__main__":
    main()
