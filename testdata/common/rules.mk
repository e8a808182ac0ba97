# rules.mk - compile rules shared by every firmware Makefile under testdata/.
#
# Include it from a Makefile that lives next to its sources:
#     include ../common/rules.mk
# and build from that directory (make -C dir). Each ELF is compiled and
# linked in one command from relative paths, so the output is the same on
# any machine and in any checkout directory: DW_AT_comp_dir is ".", no
# build id, no intermediate object files.

COMMON  := ../common
CC      := riscv64-unknown-elf-gcc
OBJDUMP := riscv64-unknown-elf-objdump

# Compile for RV32IMAC with Zicsr. libgcc is linked by file name from the
# rv32imac/ilp32 multilib (asking for -lgcc with _zicsr in -march would pick
# the 64-bit default library).
ARCHFLAGS := -march=rv32imac_zicsr -mabi=ilp32
LIBGCC    := $(shell $(CC) -march=rv32imac -mabi=ilp32 -print-libgcc-file-name)

CFLAGS := $(ARCHFLAGS) -g -O1 -ffreestanding -nostdlib -nostartfiles \
	-fno-builtin -fno-pic -mcmodel=medany -mno-relax \
	-fdebug-prefix-map=$(CURDIR)=. -ffile-prefix-map=$(CURDIR)=. \
	-Wall -Wextra -I$(COMMON)

LDFLAGS := -T $(COMMON)/link.ld -Wl,--build-id=none -Wl,--no-relax

CRT0 := $(COMMON)/crt0.S

# NAME.elf from NAME.c (or NAME.S) plus crt0.
%.elf: %.c $(CRT0) $(COMMON)/link.ld $(COMMON)/board.h
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CRT0) $< $(LIBGCC)

%.elf: %.S $(CRT0) $(COMMON)/link.ld
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CRT0) $< $(LIBGCC)

# Disassembly for reading (not committed).
%.dis: %.elf
	$(OBJDUMP) -d -S $< > $@
