#!/bin/sh
# gen.sh - regenerate the gdb goldens for one or all variants.
# Usage: golden/gen.sh [variant...]   (run from testdata/symbols)
# Needs qemu-system-riscv32 and gdb-multiarch. Writes golden/<variant>/.
set -eu
cd "$(dirname "$0")/.."
variants=${*:-"O0 Og O2 O0-dwarf4 Og-dwarf4 O2-dwarf4"}
for v in $variants; do
	elf=prog-$v.elf
	out=golden/$v
	rm -rf "$out"
	mkdir -p "$out"
	port=$(( 20000 + $$ % 20000 ))
	qemu-system-riscv32 -M virt -bios none -nographic -kernel "$elf" \
		-gdb tcp:127.0.0.1:$port -S -monitor none -serial null &
	qpid=$!
	sleep 0.5
	OUTDIR=$out SRCDIR=. gdb-multiarch -batch -nx \
		-ex "file $elf" -ex "target remote 127.0.0.1:$port" \
		-x golden/gdbdump.py >"$out/gdb.log" 2>&1 || true
	kill $qpid 2>/dev/null || true
	wait $qpid 2>/dev/null || true
	riscv64-unknown-elf-objdump --dwarf=decodedline "$elf" >"golden/$v/decodedline.txt"
	echo "$v: $(ls "$out"/*.json | wc -l) stops"
done
