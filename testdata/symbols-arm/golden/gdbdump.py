# gdbdump.py - the ARM variant of ../../symbols/golden/gdbdump.py: run inside
# gdb-multiarch (batch mode) attached to qemu-system-arm (mps2-an385/an386).
# Sets a breakpoint at every "STOP:" marker of the test program, and at each
# stop writes what gdb sees (frames, registers per frame, locals, arguments,
# globals, as leaf values) to stopNN.json and the RAM image to stopNN.ram.gz.
# Usage: gdb-multiarch -batch -x gdbdump.py with OUTDIR, SRCDIR set in the
# environment and the ELF loaded and connected by the caller.
import gdb, gzip, json, os, re, struct

OUT = os.environ["OUTDIR"]
SRC = os.environ["SRCDIR"]
MAXHITS = 2
MAXSTOPS = 40
RAM_LO = 0x20000000
GLOBALS = ["counter", "table", "grid", "greeting", "big", "small", "flag",
           "ratio", "precise", "nodes", "head", "pattern", "shapes", "ticks",
           "pends", "acc", "vectors"]
REGS = ["r%d" % i for i in range(13)] + ["sp", "lr", "xpsr"]
FPREGS = ["s%d" % i for i in range(32)]
SAVED = ["sp", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11"]


def scalar(v, t):
    c = t.code
    if c == gdb.TYPE_CODE_PTR:
        return "0x%x" % (int(v) & 0xffffffff)
    if c in (gdb.TYPE_CODE_ENUM, gdb.TYPE_CODE_BOOL, gdb.TYPE_CODE_FLT):
        return str(v)
    return str(int(v))


def leaves(v, path, out):
    try:
        if v.is_optimized_out:
            out[path] = "<optimized out>"
            return
        t = v.type.strip_typedefs()
        if t.code in (gdb.TYPE_CODE_STRUCT, gdb.TYPE_CODE_UNION):
            for f in t.fields():
                leaves(v[f.name], path + "." + f.name, out)
        elif t.code == gdb.TYPE_CODE_ARRAY:
            lo, hi = t.range()
            for i in range(lo, hi + 1):
                leaves(v[i], "%s[%d]" % (path, i), out)
        else:
            out[path] = scalar(v, t)
    except gdb.error as e:
        out[path] = "<error: %s>" % e


def describe(name, v):
    d = {"name": name}
    try:
        d["type"] = str(v.type)
        d["text"] = str(v)
    except gdb.error as e:
        d["text"] = "<error: %s>" % e
    lv = {}
    leaves(v, name, lv)
    d["leaves"] = lv
    return d


def frame_vars(fr):
    out = []
    try:
        b = fr.block()
    except RuntimeError:
        return out
    seen = set()
    while b is not None:
        for s in b:
            if not (s.is_variable or s.is_argument) or s.name in seen:
                continue
            seen.add(s.name)
            d = describe(s.name, s.value(fr))
            d["arg"] = bool(s.is_argument)
            out.append(d)
        if b.function is not None:
            break
        b = b.superblock
    return out


def frame_info(fr):
    sal = fr.find_sal()
    f = {"pc": "0x%x" % fr.pc(),
         "function": fr.name() if fr.type() != gdb.SIGTRAMP_FRAME else "<signal handler called>",
         "inline": fr.type() == gdb.INLINE_FRAME,
         "file": sal.symtab.filename if sal.symtab else None,
         "line": sal.line}
    regs = {}
    for r in SAVED:
        try:
            v = fr.read_register(r)
            regs[r] = "<not saved>" if v.is_optimized_out else "0x%x" % (int(v) & 0xffffffff)
        except gdb.error:
            regs[r] = "<not saved>"
    f["regs"] = regs
    f["vars"] = frame_vars(fr)
    return f


def stop_markers():
    marks = []
    for fn in ("main.c",):
        with open(os.path.join(SRC, fn)) as fh:
            for n, text in enumerate(fh, 1):
                m = re.search(r"STOP:(\w+)", text)
                if m:
                    marks.append((m.group(1), fn, n))
    return marks


def dump_stop(n, tag):
    fr = gdb.newest_frame()
    frames = []
    while fr is not None and len(frames) < 32:
        frames.append(frame_info(fr))
        fr = fr.older()
    gl = []
    for g in GLOBALS:
        try:
            gl.append(describe(g, gdb.parse_and_eval(g)))
        except gdb.error as e:
            gl.append({"name": g, "text": "<error: %s>" % e, "leaves": {}})
    top = gdb.newest_frame()
    regs = {r: "0x%x" % (int(top.read_register(r)) & 0xffffffff) for r in REGS}
    regs["pc"] = "0x%x" % top.pc()
    for r in FPREGS:
        try:
            bits = struct.unpack("<I", struct.pack("<f", float(top.read_register(r))))[0]
            regs[r] = "0x%x" % bits
        except (gdb.error, ValueError):
            pass
    end = int(gdb.parse_and_eval("(unsigned)&__stack_top"))
    mem = gdb.selected_inferior().read_memory(RAM_LO, end - RAM_LO)
    with open(os.path.join(OUT, "stop%02d.ram.gz" % n), "wb") as fh:
        fh.write(gzip.compress(bytes(mem), mtime=0))
    bt = gdb.execute("bt", to_string=True)
    doc = {"stop": n, "marker": tag, "regs": regs, "ram_base": "0x%x" % RAM_LO,
           "frames": frames, "globals": gl, "bt": bt}
    with open(os.path.join(OUT, "stop%02d.json" % n), "w") as fh:
        json.dump(doc, fh, indent=1, sort_keys=True)
        fh.write("\n")


FUNCS = ["main", "factorial", "build_list", "sum_list", "area", "spin", "run",
         "SysTick_Handler", "PendSV_Handler", "reset_handler"]


def breakpoint_goldens():
    """Records where gdb puts breakpoints on functions and on every line."""
    out = {"functions": {}, "lines": {}}
    specs = [("functions", f, f) for f in FUNCS]
    for fn in ("main.c",):
        with open(os.path.join(SRC, fn)) as fh:
            count = len(fh.readlines())
        specs += [("lines", "%s:%d" % (fn, n), "%s:%d" % (fn, n))
                  for n in range(1, count + 1)]
    for kind, key, spec in specs:
        try:
            bp = gdb.Breakpoint(spec, internal=True)
        except gdb.error:
            continue
        locs = []
        for loc in getattr(bp, "locations", []):
            if loc.address is None:
                continue
            sym = loc.source
            locs.append({"addr": "0x%x" % loc.address,
                         "line": sym[1] if sym else None})
        bp.delete()
        if locs:
            out[kind][key] = locs
    with open(os.path.join(OUT, "breakpoints.json"), "w") as fh:
        json.dump(out, fh, indent=1, sort_keys=True)
        fh.write("\n")


TRACE_MARKER = "built"
TRACE_STEPS = 120


def trace_steps():
    """Single-steps from the first "built" stop through build_list's
    epilogue, the return into main and the whole call of sum_list (entry,
    prologue, loop, epilogue), recording frames and callee-saved registers
    at every instruction, with the locals and arguments of every frame and
    the RAM, to trace/stepNN.json / .ram.gz.
    Stops once back in main after sum_list."""
    out = os.path.join(OUT, "trace")
    os.makedirs(out, exist_ok=True)
    end = int(gdb.parse_and_eval("(unsigned)&__stack_top"))
    seen_callee = False
    for n in range(TRACE_STEPS):
        try:
            gdb.execute("stepi", to_string=True)
        except gdb.error:
            return
        fr = gdb.newest_frame()
        if fr.name() == "sum_list":
            seen_callee = True
        elif seen_callee and fr.name() == "main":
            return
        frames = []
        while fr is not None and len(frames) < 32:
            f = {"pc": "0x%x" % fr.pc(), "function": fr.name(),
                 "inline": fr.type() == gdb.INLINE_FRAME,
                 "line": fr.find_sal().line, "regs": {},
                 "vars": frame_vars(fr)}
            for r in SAVED:
                try:
                    v = fr.read_register(r)
                    f["regs"][r] = "<not saved>" if v.is_optimized_out else "0x%x" % (int(v) & 0xffffffff)
                except gdb.error:
                    f["regs"][r] = "<not saved>"
            frames.append(f)
            fr = fr.older()
        top = gdb.newest_frame()
        regs = {r: "0x%x" % (int(top.read_register(r)) & 0xffffffff) for r in REGS}
        regs["pc"] = "0x%x" % top.pc()
        mem = gdb.selected_inferior().read_memory(RAM_LO, end - RAM_LO)
        with open(os.path.join(out, "step%02d.ram.gz" % n), "wb") as fh:
            fh.write(gzip.compress(bytes(mem), mtime=0))
        doc = {"step": n, "regs": regs, "ram_base": "0x%x" % RAM_LO, "frames": frames}
        with open(os.path.join(out, "step%02d.json" % n), "w") as fh:
            json.dump(doc, fh, indent=1, sort_keys=True)
            fh.write("\n")


ENTRY_STOPS = ["SysTick_Handler", "PendSV_Handler"]


def main():
    gdb.execute("set pagination off")
    gdb.execute("set confirm off")
    gdb.execute("set breakpoint pending off")
    breakpoint_goldens()
    tags = {}
    for tag, fn, line in stop_markers():
        bp = gdb.Breakpoint("%s:%d" % (fn, line))
        tags[bp.number] = tag
    # The first instruction of each handler: lr holds EXC_RETURN and the
    # handler has no frame yet.
    for fn in ENTRY_STOPS:
        bp = gdb.Breakpoint("*" + fn)
        tags[bp.number] = fn + "_entry"
    hits = {}
    n = 0
    while n < MAXSTOPS:
        try:
            gdb.execute("continue", to_string=True)
        except gdb.error:
            break
        if not gdb.selected_inferior().pid:
            break
        pc = gdb.newest_frame().pc()
        tag = None
        for bp in gdb.breakpoints():
            for loc in getattr(bp, "locations", []):
                if loc.address == pc and bp.number in tags:
                    tag = tags[bp.number]
                    num = bp.number
        if tag is None:
            break
        dump_stop(n, tag)
        if tag == TRACE_MARKER and not os.path.exists(os.path.join(OUT, "trace")):
            trace_steps()
        n += 1
        hits[num] = hits.get(num, 0) + 1
        if hits[num] >= MAXHITS:
            gdb.execute("disable %d" % num)


main()
