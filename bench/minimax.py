#!/usr/bin/env python3
"""The baseline for bench/run.sh: plain minimax in Python over a flat-shape
tree file, printing the same five classroom lines as
`gametree trace TREE --algo minimax --format answer`.

Written for the comparison: json.load plus a recursive function, the way a
course's reference solution would do it (values from MAX's point of view,
players alternating by depth, no validation).
"""
import json
import sys


def fmt(value):
    return str(int(value)) if float(value).is_integer() else repr(value)


def main(path):
    with open(path) as f:
        tree = json.load(f)
    children = tree.get("children", {})
    values = tree.get("values", {})
    root = tree["root"]
    order, leaves = [], []

    def minimax(node, maximizing):
        kids = children.get(node)
        if not kids:
            value = values[node]
            order.append((node, value))
            leaves.append(node)
            return value, None
        best, best_move = None, None
        for child in kids:
            value, _ = minimax(child, not maximizing)
            if best is None or (value > best if maximizing else value < best):
                best, best_move = value, child
        order.append((node, best))
        return best, best_move

    value, best_move = minimax(root, tree.get("player", "max") == "max")
    out = sys.stdout
    out.write("order: " + " ".join(f"{n}:{fmt(v)}" for n, v in order) + "\n")
    out.write("leaves: " + " ".join(leaves) + "\n")
    out.write("pruned: none\n")
    out.write(f"best move: {best_move or 'none'}\n")
    out.write(f"value: {fmt(value)}\n")


if __name__ == "__main__":
    main(sys.argv[1])
