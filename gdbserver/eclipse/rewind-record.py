# rewind-record.py - make gdb's "record" commands harmless when gdb is
# connected to "rewind gdbserver".
#
# Eclipse CDT's "Enable Reverse Debugging" toggle sends "record full" (or
# plain "record", or "record btrace ...") to gdb, and "record stop" when
# toggled off; it enables its reverse buttons only when that command
# succeeds. gdb cannot record RISC-V itself ("the current architecture
# doesn't support record function"), and does not need to: Rewind keeps the
# whole run and answers gdb's reverse packets. This script replaces those
# commands with no-ops that succeed, so the toggle works and the reverse
# buttons drive Rewind. Load it with "source rewind-record.py": in CDT, in
# the launch configuration's Startup tab, Initialization Commands.
import gdb


class RewindRecord(gdb.Command):
    """Rewind records the whole run: gdb's own recording is not needed."""

    def __init__(self, name):
        super().__init__(name, gdb.COMMAND_RUNNING)

    def invoke(self, arg, from_tty):
        print("rewind: the whole run is recorded already; reverse execution goes to Rewind.")


class RewindRecordPrefix(RewindRecord):
    """Rewind records the whole run: gdb's own recording is not needed."""

    def __init__(self):
        gdb.Command.__init__(self, "record", gdb.COMMAND_RUNNING, prefix=True)


# Plain "record" (what CDT sends when no method is chosen) is a prefix
# command of its own, so it is replaced too, before its subcommands.
RewindRecordPrefix()
for _name in ("record full", "record btrace", "record stop"):
    RewindRecord(_name)

# Read code from the ELF instead of the board: gdb re-reads a function's
# first instructions at every stop, and reverse-next over a recursive call
# stops thousands of times (about 30% faster here). Remove this line for
# firmware that rewrites its own code.
gdb.execute("set trust-readonly-sections on")
