#!/bin/sh
# gen.sh - regenerate the gdb goldens of the ARM symbols test program for
# one or all variants. Usage: golden/gen.sh [variant...]   (run from
# testdata/symbols-arm). Needs qemu-system-arm and gdb-multiarch. The M3
# builds run on mps2-an385, the M4 (hard-float) builds on mps2-an386.
set -eu
cd "$(dirname "$0")/.."
variants=${*:-"m3-O0 m3-Og m3-O2 m4-O0 m4-Og m4-O2 m3-Og-dwarf4 m4-O2-dwarf4"}
for v in $variants; do
	elf=prog-$v.elf
	out=golden/$v
	case $v in m4-*) board=mps2-an386 ;; *) board=mps2-an385 ;; esac
	rm -rf "$out"
	mkdir -p "$out"
	port=$(( 20000 + $$ % 20000 ))
	qemu-system-arm -M $board -nographic -kernel "$elf" \
		-icount shift=0,sleep=off -semihosting-config enable=on,target=native \
		-gdb tcp:127.0.0.1:$port -S -monitor none -serial null &
	qpid=$!
	sleep 0.5
	OUTDIR=$out SRCDIR=. timeout 120 gdb-multiarch -batch -nx \
		-ex "file $elf" -ex "target remote 127.0.0.1:$port" \
		-x golden/gdbdump.py >"$out/gdb.log" 2>&1 || true
	kill $qpid 2>/dev/null || true
	wait $qpid 2>/dev/null || true
	arm-none-eabi-objdump --dwarf=decodedline "$elf" >"$out/decodedline.txt"
	echo "$v: $(ls "$out"/*.json | wc -l) files"
done
