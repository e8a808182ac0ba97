//go:build integration

package rtos_test

import (
	"context"
	"fmt"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rewind-debugger/rewind/debugger/rtos"
)

// TestTasksMatchQEMU stops the kernel at several points on QEMU, reads its
// structures through gdb-multiarch, classifies every task from them with
// FreeRTOS's own rules, and compares with what the reader says at the same
// point on Rewind.
func TestTasksMatchQEMU(t *testing.T) {
	for _, tool := range []string{"qemu-system-riscv32", "gdb-multiarch"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is required for the integration tests: %v", tool, err)
		}
	}
	// QEMU's virtual clock moves on at each gdb stop (a tick or so per
	// stop, even with sleep=off), so the points are ones where the
	// kernel's state follows from its logic alone, not from how many
	// ticks have passed.
	points := []struct {
		fn  string
		hit int
	}{{"xQueueSend", 1}, {"xQueueSend", 5}, {"xTaskIncrementTick", 4}, {"xTaskIncrementTick", 13}, {"xQueueSend", 9}, {"xTaskIncrementTick", 25}}
	for _, p := range points {
		t.Run(fmt.Sprintf("%s#%d", p.fn, p.hit), func(t *testing.T) {
			want := gdbTasks(t, p.fn, p.hit)
			b := boot(t)
			b.runToHit(b.addr(p.fn), p.hit)
			tasks, err := b.k.Tasks(b.m)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, task := range tasks {
				got = append(got, fmt.Sprintf("%s %s %d", task.Name, task.State, task.Priority))
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("Rewind's reader:\n%s\nQEMU through gdb:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// gdbTasks runs the kernel on QEMU to the hit-th call of fn and returns a
// line "name state priority" per task, from gdb's reading of each TCB.
func gdbTasks(t *testing.T, fn string, hit int) []string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	qemu := exec.CommandContext(ctx, "qemu-system-riscv32", "-M", "virt", "-bios", "none", "-nographic",
		"-icount", "shift=0,sleep=off", "-kernel", kernelELF, "-S", "-gdb", "tcp:127.0.0.1:"+strconv.Itoa(port))
	if err := qemu.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = qemu.Process.Kill(); _ = qemu.Wait() }()
	args := []string{"-nx", "-batch", kernelELF, "-ex", "set pagination off"}
	var connected bool
	for i := 0; i < 50 && !connected; i++ {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
			connected = true
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	args = append(args, "-ex", fmt.Sprintf("target remote 127.0.0.1:%d", port),
		"-ex", "break "+fn, "-ex", fmt.Sprintf("continue %d", hit))
	for _, tcb := range []string{"prodTCB", "consTCB", "monTCB", "busyTCB", "idleTCB"} {
		args = append(args, "-ex", fmt.Sprintf(
			`printf "T %%s %%u %%u %%u %%u %%u %%u\n", %[1]s.pcTaskName, %[1]s.uxPriority, (unsigned)%[1]s.xStateListItem.pxContainer, (unsigned)%[1]s.xEventListItem.pxContainer, (unsigned)&%[1]s == (unsigned)pxCurrentTCB, %[1]s.uxTCBNumber, (unsigned)&%[1]s`, tcb))
	}
	args = append(args, "-ex", `printf "L %u %u %u %u %u %u\n", (unsigned)&pxReadyTasksLists[0], (unsigned)&pxReadyTasksLists[4], (unsigned)pxDelayedTaskList, (unsigned)pxOverflowDelayedTaskList, (unsigned)&xSuspendedTaskList, (unsigned)&xPendingReadyList`,
		"-ex", "kill")
	out, err := exec.CommandContext(ctx, "gdb-multiarch", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("gdb-multiarch: %v\n%s", err, out)
	}
	var lists [6]uint64
	type row struct {
		name                       string
		prio, state, event, cur, n uint64
	}
	var rows []row
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 7 && f[0] == "L":
			for i := range lists {
				lists[i], _ = strconv.ParseUint(f[i+1], 10, 32)
			}
		case len(f) == 8 && f[0] == "T":
			var r row
			r.name = f[1]
			vals := []*uint64{&r.prio, &r.state, &r.event, &r.cur, &r.n}
			for i, v := range vals {
				*v, _ = strconv.ParseUint(f[i+2], 10, 32)
			}
			rows = append(rows, r)
		}
	}
	if len(rows) != 5 || lists[0] == 0 {
		t.Fatalf("gdb output not understood:\n%s", out)
	}
	var want []string
	for _, r := range rows {
		state := rtos.StateReady
		switch {
		case r.cur == 1:
			state = rtos.StateRunning
		case r.state >= lists[0] && r.state <= lists[1] || r.state == lists[5]:
			state = rtos.StateReady
		case r.state == lists[2] || r.state == lists[3]:
			state = rtos.StateBlocked
		case r.state == lists[4] && r.event != 0:
			state = rtos.StateBlocked
		case r.state == lists[4]:
			state = rtos.StateSuspended
		default:
			t.Fatalf("%s is on no list gdb knows (0x%x)", r.name, r.state)
		}
		want = append(want, fmt.Sprintf("%s %s %d", r.name, state, r.prio))
	}
	return want
}
