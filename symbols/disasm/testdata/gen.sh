#!/bin/sh
# Rebuilds allinsns.elf and its objdump golden (run from this directory).
set -eu
riscv64-unknown-elf-as -march=rv32imac_zicsr_zifencei -mabi=ilp32 -o allinsns.o allinsns.S
riscv64-unknown-elf-ld -m elf32lriscv -T link.ld -o allinsns.elf allinsns.o
rm -f allinsns.o
riscv64-unknown-elf-objdump -d allinsns.elf > allinsns.objdump
