#!/usr/bin/env python3
"""The scaling table of bench/run.sh: how each command grows with the tree
and with the order of a flat file's keys. Random trees of 10 children a
node (1,111, 11,111, 111,111 and 1,111,111 nodes), each written four
times with the same formatting: keys in pre-order (as `gametree gen random`
writes them), breadth-first (as it wrote them before, and as other tools
may), in reversed pre-order and shuffled. Each
command's median time is given as a ratio to `trace --format answer` on
the same file, its peak memory as a ratio to the file's size; the last
column is how many times faster the answer is than bench/minimax.py.
Pictures (`--frame 1`, the HTML page) are drawn for trees of at most
10,000 nodes, so they have a cell only in the rows that small.
Prints a Markdown table."""
import json
import os
import random
import subprocess
import sys
from collections import deque

from measure import measure

SIZES = [(3, "1,111"), (4, "11,111"), (5, "111,111"), (6, "1,111,111")]

ORDERS = ["pre-order", "breadth-first", "reversed", "shuffled"]

# The most nodes gametree draws a picture of.
PICTURE_LIMIT = 10_000


def reorder(tree, order):
    """The flat tree `tree` with the keys of its maps in `order` (one of
    ORDERS; shuffled the same way every time); the tree and its names
    unchanged."""
    children = tree["children"]
    root = tree["root"]
    listed = []
    if order == "breadth-first":
        queue = deque([root])
        while queue:
            node = queue.popleft()
            listed.append(node)
            queue.extend(children.get(node, []))
    else:
        stack = [root]
        while stack:
            node = stack.pop()
            listed.append(node)
            stack.extend(reversed(children.get(node, [])))
    if order == "reversed":
        listed.reverse()
    elif order == "shuffled":
        random.Random(1).shuffle(listed)
    out = dict(tree)
    for field, entries in tree.items():
        if isinstance(entries, dict):
            out[field] = {node: entries[node] for node in listed if node in entries}
    return out


def files(gametree, folder):
    """(nodes, order, path) of every measured file, made once. A child
    process reorders each tree: the harness must stay small, or forked
    children would start with its memory counted."""
    made = []
    for depth, nodes in SIZES:
        generated = os.path.join(folder, f"random-{depth}.json")
        with open(generated, "wb") as out:
            argv = [gametree, "gen", "random", "--depth", str(depth), "--branching", "10"]
            argv += ["--values", "0..99", "--shape", "flat"]
            subprocess.run(argv, stdout=out, check=True)
        for order in ORDERS:
            path = os.path.join(folder, f"random-{depth}-{order}.json")
            argv = [sys.executable, __file__, "reorder", generated, order, path]
            subprocess.run(argv, check=True)
            made.append((nodes, order, path))
    return made


def write_reordered(source, order, target):
    """Writes the flat tree in `source` to `target` with its keys in `order`."""
    with open(source) as text:
        tree = json.load(text)
    with open(target, "w") as out:
        json.dump(reorder(tree, order), out)


def commands(gametree, tree, nodes, answer_file, prefix):
    """The measured commands on `tree`, by name: pictures only where
    gametree draws them."""
    rows = [
        ("answer", [gametree, "trace", tree, "--format", "answer"]),
        ("json", [gametree, "trace", tree, "--format", "json"]),
        ("check", [gametree, "check", tree, answer_file]),
        ("python", [sys.executable, "bench/minimax.py", tree]),
    ]
    if int(nodes.replace(",", "")) <= PICTURE_LIMIT:
        rows.append(("frame", [gametree, "trace", tree, "--frame", "1"]))
        rows.append(("html", [gametree, "trace", tree, "--format", "html"]))
    return [(name, prefix + argv) for name, argv in rows]


def main():
    runs, folder, gametree = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    prefix = sys.argv[4:]
    print(f"Random trees, 10 children a node; median of {runs} runs"
          + (f", every command under `{' '.join(prefix)}`" if prefix else "") + ".")
    print("Time as a ratio to `trace --format answer` on the same file "
          "(peak memory over the file's size in brackets).\n")
    print("| nodes | keys | MiB | answer (s) | json | frame 1 | check | html | answer vs Python |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for nodes, order, tree in files(gametree, folder):
        answer_file = tree.replace(".json", ".answer.txt")
        with open(answer_file, "wb") as out:
            subprocess.run([gametree, "trace", tree, "--format", "answer"], stdout=out, check=True)
        results = measure(commands(gametree, tree, nodes, answer_file, prefix), runs)
        size = os.path.getsize(tree) / 2**20
        answer = results["answer"][0]
        def cell(name):
            if name not in results:
                return "refused"
            return f"{results[name][0] / answer:.1f}x ({results[name][1] / size:.1f})"
        print(f"| {nodes} | {order} | {size:.1f} | {answer:.3f} ({results['answer'][1] / size:.1f}) "
              f"| {cell('json')} | {cell('frame')} | {cell('check')} | {cell('html')} "
              f"| {results['python'][0] / answer:.1f}x |", flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "reorder":
        write_reordered(*sys.argv[2:])
    else:
        main()
