#!/usr/bin/env python3
"""Hostile-client measurements against a real rewind binary (issue 17's cases).

    go build -o /tmp/rewind ./cmd/rewind
    python3 internal/hostiletest/measure.py /tmp/rewind [case...]

Each case starts the server on a loopback port, plays the hostile client,
then prints: the time the case's answer took (or "never" after WAIT
seconds), the server's peak resident memory (VmHWM; the server is killed
past MEMCAP MiB) and what the client got. Cases are the keys of CASES.
Not a test: the Go hostile-client tests are; this reports figures."""
import json, os, socket, subprocess, sys, time, threading, signal

BIN = sys.argv[1]
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FW = REPO + "/testdata/firmware/"
WAIT = 10.0      # seconds before "no answer"
MEMCAP = 1500    # MiB: kill the server past this

def frame(obj):
    b = json.dumps(obj).encode() if not isinstance(obj, (bytes, str)) else (obj.encode() if isinstance(obj, str) else obj)
    return b"Content-Length: %d\r\n\r\n" % len(b) + b

class Server:
    def __init__(self, kind, extra=()):
        self.port = free_port()
        if kind == "gdbserver":
            args = [BIN, "gdbserver", "--listen", "127.0.0.1:%d" % self.port, *extra, FW + "echo.elf"]
        else:
            args = [BIN, kind, "--listen", "127.0.0.1:%d" % self.port, *extra]
        self.p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.peak = 0
        self.killed = False
        self.stop = False
        threading.Thread(target=self.watch, daemon=True).start()
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        time.sleep(0.3)  # the probe connection must be gone
    def rss(self):
        try:
            for l in open("/proc/%d/status" % self.p.pid):
                if l.startswith("VmHWM:"):
                    return int(l.split()[1]) // 1024
        except OSError:
            pass
        return self.peak
    def watch(self):
        while not self.stop and self.p.poll() is None:
            r = self.rss()
            self.peak = max(self.peak, r)
            if r > MEMCAP:
                self.killed = True
                self.p.kill()
            time.sleep(0.05)
    def conn(self):
        return socket.create_connection(("127.0.0.1", self.port), timeout=WAIT)
    def close(self):
        self.peak = max(self.peak, self.rss())
        self.stop = True
        self.p.kill()
        self.p.wait()

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def read_msgs(sock, want, deadline):
    """Reads Content-Length messages until want(msg) is true; returns it or None."""
    buf = b""
    sock.settimeout(0.2)
    while time.time() < deadline:
        while True:
            i = buf.find(b"\r\n\r\n")
            if i < 0: break
            n = int(buf[:i].split(b":")[1])
            if len(buf) < i + 4 + n: break
            m = json.loads(buf[i+4:i+4+n]); buf = buf[i+4+n:]
            if want(m): return m
        try:
            d = sock.recv(65536)
            if not d: return None
            buf += d
        except socket.timeout:
            pass
        except OSError:
            return None
    return None

def dap_req(sock, seq, cmd, args=None):
    sock.sendall(frame({"seq": seq, "type": "request", "command": cmd, "arguments": args or {}}))

def dap_served(srv, t0):
    """A new DAP client: seconds until initialize is answered (None: not within WAIT)."""
    try:
        s = srv.conn()
    except OSError:
        return None, "connect failed"
    dap_req(s, 1, "initialize", {"adapterID": "m"})
    m = read_msgs(s, lambda m: m.get("type") == "response" and m.get("request_seq") == 1, t0 + WAIT)
    s.close()
    if m is None: return None, "no answer"
    return time.time() - t0, ("served" if m.get("success") else "refused: " + m.get("message", ""))

def rpc_call(sock, id, method, params=None):
    sock.sendall(frame({"jsonrpc": "2.0", "id": id, "method": method, "params": params or {}}))

def rpc_served(srv, t0):
    try:
        s = srv.conn()
    except OSError:
        return None, "connect failed"
    rpc_call(s, 1, "launch", {"program": FW + "demo.elf"})
    m = read_msgs(s, lambda m: m.get("id") == 1, t0 + WAIT)
    s.close()
    if m is None: return None, "no answer"
    return time.time() - t0, ("served" if "result" in m else "error: " + m["error"]["message"])

def fmt(t): return "never (>%gs)" % WAIT if t is None else "%.3f s" % t

RESULTS = []
def row(case, t, note, srv):
    peak = srv.peak if srv else 0
    RESULTS.append((case, t, note, peak, srv.killed if srv else False))
    print("%-44s | %-14s | %5d MiB%s | %s" % (case, fmt(t), peak, " (killed at cap)" if srv and srv.killed else "", note), flush=True)

# ---- cases ----
def rpc_departed_run():
    srv = Server("rpc"); s = srv.conn()
    rpc_call(s, 1, "launch", {"program": FW + "echo.elf"}); read_msgs(s, lambda m: m.get("id") == 1, time.time() + WAIT)
    rpc_call(s, 2, "run"); time.sleep(0.3); s.close()
    t0 = time.time(); t, note = rpc_served(srv, t0); srv.close()
    row("rpc: launch+run endless, close; next client", t, note, srv)

def dap_source_passwd():
    srv = Server("dap"); s = srv.conn()
    dap_req(s, 1, "source", {"source": {"path": "/etc/passwd"}})
    m = read_msgs(s, lambda m: m.get("request_seq") == 1, time.time() + WAIT); s.close(); srv.close()
    note = "no answer" if m is None else ("CONTENT RETURNED" if m.get("success") else "refused: " + m["message"][:60])
    row("dap: source /etc/passwd before launch", None if m is None else 0, note, srv)

def dap_launch(path, label):
    srv = Server("dap"); s = srv.conn(); t0 = time.time()
    dap_req(s, 1, "initialize", {"adapterID": "m"}); dap_req(s, 2, "launch", {"program": path})
    m = read_msgs(s, lambda m: m.get("request_seq") == 2, t0 + WAIT); t = time.time() - t0 if m else None
    s.close(); srv.close()
    row("dap: launch program=" + label, t, "no answer" if m is None else m.get("message", "")[:70], srv)

def rpc_launch(path, label):
    srv = Server("rpc"); s = srv.conn(); t0 = time.time()
    rpc_call(s, 1, "launch", {"program": path})
    m = read_msgs(s, lambda m: m.get("id") == 1, t0 + WAIT); t = time.time() - t0 if m else None
    s.close(); srv.close()
    row("rpc: launch program=" + label, t, "no answer" if m is None else json.dumps(m.get("error", {}).get("message", ""))[:70], srv)

def rpc_header(mb=300):
    srv = Server("rpc"); s = srv.conn(); t0 = time.time()
    chunk = b"A" * (1 << 20)
    try:
        for _ in range(mb):
            s.sendall(chunk)
        sent = "all sent"
    except OSError as e:
        sent = "server closed after %.2f s" % (time.time() - t0)
    time.sleep(0.5); s.close()
    t, note = rpc_served(srv, time.time()); srv.close()
    row("rpc: %d MB header line, then next client" % mb, t, sent + "; next: " + note, srv)

def pipelined(kind, n=200000):
    srv = Server(kind); s = srv.conn()
    if kind == "rpc":
        pre = frame({"jsonrpc": "2.0", "id": 0, "method": "launch", "params": {"program": FW + "demo.elf"}})
        body = b"".join(frame({"jsonrpc": "2.0", "id": i + 1, "method": "timeline"}) for i in range(n))
    else:
        pre = frame({"seq": 1, "type": "request", "command": "launch", "arguments": {"program": FW + "demo.elf", "stopOnEntry": True}}) + \
              frame({"seq": 2, "type": "request", "command": "configurationDone"})
        body = b"".join(frame({"seq": i + 3, "type": "request", "command": "stackTrace", "arguments": {"threadId": 1}}) for i in range(n))
    stop = threading.Event()
    def drain():
        s.settimeout(0.2)
        while not stop.is_set():
            try:
                if not s.recv(1 << 20): return
            except socket.timeout: pass
            except OSError: return
    th = threading.Thread(target=drain, daemon=True); th.start()
    tstart = time.time()
    try:
        s.settimeout(30); s.sendall(pre + body)
    except OSError:
        pass
    stop.set(); th.join(); s.close()
    t0 = time.time(); t, note = (rpc_served if kind == "rpc" else dap_served)(srv, t0); srv.close()
    row("%s: %dk pipelined requests, close; next" % (kind, n // 1000), t, note + "; %.2f s from the first request" % (time.time() - tstart), srv)

def dap_reverse_search():
    srv = Server("dap"); s = srv.conn(); dl = time.time() + 60
    dap_req(s, 1, "initialize", {"adapterID": "m"})
    dap_req(s, 2, "launch", {"program": FW + "bench.elf", "stopOnEntry": True})
    dap_req(s, 3, "configurationDone")
    read_msgs(s, lambda m: m.get("event") == "stopped", dl)
    dap_req(s, 4, "continue", {"threadId": 1}); time.sleep(4)
    dap_req(s, 5, "pause", {"threadId": 1}); read_msgs(s, lambda m: m.get("event") == "stopped", dl)
    dap_req(s, 6, "setInstructionBreakpoints", {"breakpoints": [{"instructionReference": "0x10"}]})
    read_msgs(s, lambda m: m.get("request_seq") == 6, dl)
    dap_req(s, 7, "reverseContinue", {"threadId": 1}); time.sleep(0.3); s.close()
    t0 = time.time(); t, note = dap_served(srv, t0); srv.close()
    row("dap: reverse search running, close; next", t, note, srv)

def dap_many_bps(kind, n=100000):
    srv = Server("dap"); s = srv.conn(); dl = time.time() + 120
    dap_req(s, 1, "initialize", {"adapterID": "m"})
    dap_req(s, 2, "launch", {"program": FW + "demo.elf", "stopOnEntry": True}); dap_req(s, 3, "configurationDone")
    read_msgs(s, lambda m: m.get("event") == "stopped", dl)
    if kind == "line":
        req = frame({"seq": 4, "type": "request", "command": "setBreakpoints", "arguments": {"source": {"path": FW + "demo.c"}, "breakpoints": [{"line": 1 + i % 120} for i in range(n)]}})
    else:
        dap_req(s, 40, "dataBreakpointInfo", {"name": "sensor.calibration"})
        info = read_msgs(s, lambda m: m.get("request_seq") == 40, dl)
        did = (info or {}).get("body", {}).get("dataId") or "x"
        req = frame({"seq": 4, "type": "request", "command": "setDataBreakpoints", "arguments": {"breakpoints": [{"dataId": did} for i in range(n)]}})
    t0 = time.time()
    s.sendall(req)
    m = read_msgs(s, lambda m: m.get("request_seq") == 4, t0 + 60); t = time.time() - t0 if m else None
    note = "no answer" if m is None else ("accepted" if m.get("success") else "refused: " + m["message"][:60])
    if kind == "data" and m is not None and m.get("success"):
        t1 = time.time(); dap_req(s, 5, "continue", {"threadId": 1})
        st = read_msgs(s, lambda m: m.get("event") in ("stopped", "terminated"), t1 + 60)
        note += "; continue stopped after %s" % fmt(time.time() - t1 if st else None)
    s.close(); srv.close()
    row("dap: %gk %s breakpoints in one request" % (n / 1000, kind), t, note, srv)

def second_client(kind):
    srv = Server(kind); first = srv.conn()
    if kind == "dap": dap_req(first, 1, "initialize", {"adapterID": "first"}); read_msgs(first, lambda m: m.get("request_seq") == 1, time.time() + WAIT)
    if kind == "rpc": rpc_call(first, 1, "launch", {"program": FW + "demo.elf"}); read_msgs(first, lambda m: m.get("id") == 1, time.time() + WAIT)
    if kind == "gdbserver":
        first.sendall(b"$qC#b4"); first.settimeout(WAIT); first.recv(100)
    t0 = time.time()
    if kind == "gdbserver":
        s = srv.conn()
        s.sendall(b"$qSupported#37"); s.settimeout(WAIT); data = b""
        try:
            while time.time() < t0 + WAIT:
                d = s.recv(4096)
                if not d: break
                data += d
                if b"#" in data.lstrip(b"+"): break
        except OSError: pass
        t = time.time() - t0 if data else None; note = data.decode(errors="replace")[:80] or "no answer"
        s.close()
    elif kind == "dap":
        t, note = dap_served(srv, t0)
    else:
        t, note = rpc_served(srv, t0)
    first.close(); srv.close()
    row("%s: second client while one is connected" % kind, t, note[:90], srv)

def idle_client(kind):
    srv = Server(kind, ["--idle-timeout", "1s"] if BIN.endswith("after") else [])
    first = srv.conn()  # connects, sends nothing
    time.sleep(1.5)
    t0 = time.time(); t, note = (dap_served if kind == "dap" else rpc_served)(srv, t0)
    first.close(); srv.close()
    row("%s: idle first client, newcomer (timeout 1s)" % kind, t, note[:90], srv)

def rpc_stdio_bad():
    msgs = frame(b'[{"jsonrpc":"2.0","id":1,"method":"timeline"}]') + frame(b'{"jsonrpc":"2.0","id":2,') + \
        frame({"jsonrpc": "2.0", "id": 3, "method": "launch", "params": {"program": FW + "demo.elf"}})
    t0 = time.time()
    p = subprocess.run([BIN, "rpc"], input=msgs, capture_output=True, timeout=30)
    out = p.stdout.decode()
    note = "codes: " + ",".join(c for c in ("-32600", "-32700") if c in out) + ("; launch answered" if '"id":3' in out else "; launch NOT answered")
    row("rpc stdio: batch + invalid JSON, then launch", time.time() - t0, note + " (exit %d)" % p.returncode, None)

def gdb_departed():
    srv = Server("gdbserver"); s = srv.conn()
    s.sendall(b"$vCont;c#a8"); time.sleep(0.5)
    s.sendall(b"$qC#b4" * 100); s.close()
    t0 = time.time(); c = srv.conn(); c.sendall(b"$qC#b4"); c.settimeout(WAIT); data = b""
    try:
        while b"#" not in data.lstrip(b"+"):
            d = c.recv(100)
            if not d: break
            data += d
    except OSError: pass
    t = time.time() - t0 if b"QC" in data else None
    c.close(); srv.close()
    row("gdbserver: continue endless + 100 packets, close; next", t, data.decode(errors="replace")[:40] or "no answer", srv)

CASES = {
    "gdb_departed": gdb_departed,
    "rpc_departed_run": rpc_departed_run,
    "dap_source": dap_source_passwd,
    "dap_devzero": lambda: dap_launch("/dev/zero", "/dev/zero"),
    "dap_fifo": lambda: dap_launch(FIFO, "FIFO"),
    "rpc_devzero": lambda: rpc_launch("/dev/zero", "/dev/zero"),
    "rpc_fifo": lambda: rpc_launch(FIFO, "FIFO"),
    "rpc_header": rpc_header,
    "rpc_pipelined": lambda: pipelined("rpc"),
    "dap_pipelined": lambda: pipelined("dap"),
    "dap_reverse": dap_reverse_search,
    "dap_line_bps": lambda: dap_many_bps("line"),
    "dap_data_bps": lambda: dap_many_bps("data"),
    "dap_data_1k": lambda: dap_many_bps("data", 1000),
    "second_dap": lambda: second_client("dap"),
    "second_rpc": lambda: second_client("rpc"),
    "second_gdb": lambda: second_client("gdbserver"),
    "idle_dap": lambda: idle_client("dap"),
    "idle_rpc": lambda: idle_client("rpc"),
    "rpc_stdio": rpc_stdio_bad,
}
import tempfile
FIFO = os.path.join(tempfile.mkdtemp(), "fifo")
os.mkfifo(FIFO)
for name in (sys.argv[2:] or CASES):
    try:
        CASES[name]()
    except Exception as e:
        print("%-44s | error %r" % (name, e), flush=True)
