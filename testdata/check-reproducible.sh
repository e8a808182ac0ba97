#!/usr/bin/env bash
# check-reproducible.sh - rebuild every test firmware from scratch and fail
# if the result differs from what is committed (testdata/ and the demo copy
# in cmd/rewind/demo/). Run from anywhere inside the repository.
set -euo pipefail
cd "$(dirname "$0")/.."

make -s -C testdata clean
make -s -C testdata all

changes=$(git status --porcelain -- testdata cmd/rewind/demo)
if [ -n "$changes" ]; then
	echo "check-reproducible: rebuilt firmware differs from the committed files:" >&2
	echo "$changes" >&2
	echo "(commit the rebuilt files if the sources changed on purpose)" >&2
	exit 1
fi
echo "check-reproducible: all firmware rebuilt byte-identical"
