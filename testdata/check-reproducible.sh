#!/usr/bin/env bash
# check-reproducible.sh - rebuild every test firmware in the repository from
# scratch and fail if the result differs from what is committed: testdata/,
# the demo copy in cmd/rewind/demo/, and the small firmware some packages
# keep in their own testdata (listed in EXTRA). Run from anywhere inside the
# repository.
set -euo pipefail
cd "$(dirname "$0")/.."

# Package-local firmware: directory and the ELF its Makefile's default goal builds.
EXTRA=(
	"gdbserver/testdata longrun.elf"
	"checkpoint/testdata loop.elf"
	"vm/device/testdata/probe probe.elf"
	"symbols/disasm/thumb/testdata m3.elf"
	"symbols/disasm/thumb/testdata m4f.elf"
	"symbols/disasm/thumb/testdata m7.elf"
	"symbols/disasm/thumb/testdata m0.elf"
	"symbols/disasm/thumb/testdata m4soft.elf"
	"symbols/disasm/thumb/testdata libc-m4f.elf"
	"symbols/disasm/thumb/testdata libc-m7.elf"
	"symbols/disasm/thumb/testdata libc-m0.elf"
)

make -s -C testdata clean
make -s -C testdata all
for e in "${EXTRA[@]}"; do
	read -r dir elf <<<"$e"
	rm -f "$dir/$elf" "$dir"/*.o
	make -s -C "$dir" "$elf"
	rm -f "$dir"/*.o
done

paths=(testdata cmd/rewind/demo)
for e in "${EXTRA[@]}"; do paths+=("${e%% *}"); done
changes=$(git status --porcelain -- "${paths[@]}")
if [ -n "$changes" ]; then
	echo "check-reproducible: rebuilt firmware differs from the committed files:" >&2
	echo "$changes" >&2
	git diff --stat -- "${paths[@]}" >&2 || true
	echo "(commit the rebuilt files if the sources changed on purpose)" >&2
	exit 1
fi
echo "check-reproducible: all firmware rebuilt byte-identical"
