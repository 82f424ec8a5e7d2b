#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image;
# the uploaded folder is /autograder/source. It installs the gametree
# binary shipped in the folder (see README.md for how to build one).
set -euo pipefail
source="${GRADESCOPE_SOURCE:-/autograder/source}"
install -m 755 "$source/gametree" /usr/local/bin/gametree
gametree --version
