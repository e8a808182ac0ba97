//go:build integration

package gdbserver

import (
	"path/filepath"
	"regexp"
	"testing"
)

// TestGDBTasks drives gdb-multiarch against the stub on the test RTOS
// kernel: info threads lists its tasks with name, state and priority,
// the stop names the running task, thread N and bt show a switched-out
// task's stack from its saved context, and its registers are read-only.
func TestGDBTasks(t *testing.T) {
	elf := filepath.Join("..", "testdata", "rtos", "rtos.elf")
	s := startStub(t, elf, 1)
	out := s.gdb(t, elf,
		"break kernel.c:339", "continue",
		"info threads",
		"bt",
		"thread 2", "bt",
		"info registers pc",
		"set var $a0 = 1",
		"thread 3", "bt",
		"thread 1", "next",
		"info threads")
	t.Log(out)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`Thread 1 hit Breakpoint 1, xQueueSend`),
		regexp.MustCompile(`\* 1 +Thread 1 \(Prod, running, priority 2\) +xQueueSend \(.*\) at \./kernel\.c:339`),
		regexp.MustCompile(`\n +2 +Thread 2 \(Cons, ready, priority 3\) +0x[0-9a-f]+ in taskYIELD \(\) at \./kernel\.c:104`),
		regexp.MustCompile(`\n +3 +Thread 3 \(Mon, blocked on semaphore batchSemaphore \(take\), priority 4\) +0x[0-9a-f]+ in taskYIELD \(\)`),
		regexp.MustCompile(`\n +4 +Thread 4 \(Busy, ready, priority 1\) +0x[0-9a-f]+ in vBusy`),
		regexp.MustCompile(`Could not write register "a0"; remote failure`),
		// next in the producer steps over the time the consumer runs
		regexp.MustCompile(`cons: got 1\n340\t`),
		regexp.MustCompile(`\n +2 +Thread 2 \(Cons, blocked on queue numbersQueue \(receive\), priority 3\)`),
		regexp.MustCompile(`\[Switching to thread 2 \(Thread 2\)\]`),
		regexp.MustCompile(`#1 +0x[0-9a-f]+ in xQueueReceive \(q=0x[0-9a-f]+ <numbersQueue>.*\n#2 +0x[0-9a-f]+ in vConsumer`),
		regexp.MustCompile(`#2 +0x[0-9a-f]+ in vMonitor`),
	} {
		if !want.MatchString(out) {
			t.Errorf("gdb's output lacks %s", want)
		}
	}
}
