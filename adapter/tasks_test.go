package adapter

import (
	"path/filepath"
	"strings"
	"testing"
)

// dapThreads is a threads response.
type dapThreads struct {
	Threads []struct {
		Id   int
		Name string
	}
}

// taskStack is the functions of a thread's stackTrace, innermost first.
func taskStack(c *client, id int) ([]string, []int) {
	c.t.Helper()
	var st struct {
		StackFrames []struct {
			Id   int
			Name string
		}
	}
	c.ok("stackTrace", map[string]any{"threadId": id}, &st)
	var names []string
	var ids []int
	for _, f := range st.StackFrames {
		names = append(names, f.Name)
		ids = append(ids, f.Id)
	}
	return names, ids
}

// TestTasksAsThreads debugs the test kernel: before the scheduler the
// thread is the hart; at a breakpoint in the producer the threads are its
// tasks with their states, the stop names the producer, each task has its
// own stack, and a step over the producer's yield stays in it.
func TestTasksAsThreads(t *testing.T) {
	c := newClient(t)
	elf, _ := filepath.Abs(filepath.Join("..", "testdata", "rtos", "rtos.elf"))
	kernelC, _ := filepath.Abs(filepath.Join("..", "testdata", "rtos", "kernel.c"))
	c.ok("initialize", map[string]any{"adapterID": "rewind"}, nil)
	c.ok("launch", map[string]any{"program": elf, "stopOnEntry": true}, nil)
	c.waitEvent("initialized", nil)
	c.ok("setBreakpoints", map[string]any{"source": map[string]any{"path": kernelC}, "breakpoints": []map[string]any{{"line": 339}}}, nil)
	c.configure()
	var th dapThreads
	c.ok("threads", nil, &th)
	if len(th.Threads) != 1 || th.Threads[0].Name != "hart 0" {
		t.Fatalf("threads at the entry: %+v", th)
	}
	c.ok("continue", map[string]any{"threadId": 1}, nil)
	stop := c.stopped()
	c.ok("threads", nil, &th)
	var names []string
	for _, x := range th.Threads {
		names = append(names, x.Name)
	}
	want := "Prod|Cons [ready]|Mon [blocked on semaphore batchSemaphore (take)]|Busy [ready]|IDLE [ready]"
	if strings.Join(names, "|") != want {
		t.Fatalf("threads: %s", strings.Join(names, "|"))
	}
	if stop.ThreadId != th.Threads[0].Id {
		t.Errorf("the stop names thread %d, not the producer (%d)", stop.ThreadId, th.Threads[0].Id)
	}
	prod, _ := taskStack(c, th.Threads[0].Id)
	cons, consIDs := taskStack(c, th.Threads[1].Id)
	if len(prod) < 2 || prod[0] != "xQueueSend" || prod[len(prod)-1] != "vProducer" {
		t.Errorf("the producer's stack: %v", prod)
	}
	if len(cons) < 2 || cons[0] != "taskYIELD" || cons[len(cons)-1] != "vConsumer" {
		t.Errorf("the consumer's stack: %v", cons)
	}
	// A switched-out task's frames have their own variables: the
	// consumer waits for its first number.
	var sc struct {
		Scopes []struct {
			Name               string
			VariablesReference int
		}
	}
	c.ok("scopes", map[string]any{"frameId": consIDs[len(consIDs)-1]}, &sc)
	var vars struct {
		Variables []struct{ Name, Value string }
	}
	c.ok("variables", map[string]any{"variablesReference": sc.Scopes[0].VariablesReference}, &vars)
	got := map[string]string{}
	for _, v := range vars.Variables {
		got[v.Name] = v.Value
	}
	if got["n"] != "1" {
		t.Errorf("the consumer's locals: %+v", vars.Variables)
	}
	c.ok("variables", map[string]any{"variablesReference": sc.Scopes[2].VariablesReference}, &vars)
	if len(vars.Variables) != 33 || vars.Variables[32].Name != "pc" {
		t.Errorf("the consumer's registers: %+v", vars.Variables)
	}
	var ev struct{ Result string }
	c.ok("evaluate", map[string]any{"expression": "q == numbers", "frameId": consIDs[1], "context": "watch"}, &ev)
	if ev.Result != "1" {
		t.Errorf("q == numbers in the consumer's xQueueReceive: %q", ev.Result)
	}
	c.ok("stepIn", map[string]any{"threadId": stop.ThreadId}, nil)
	c.stopped()
	c.ok("next", map[string]any{"threadId": stop.ThreadId}, nil)
	if st := c.stopped(); st.ThreadId != stop.ThreadId {
		t.Errorf("the step over the yield stopped in thread %d", st.ThreadId)
	}
	if prod, _ := taskStack(c, stop.ThreadId); len(prod) == 0 || prod[0] != "xQueueSend" {
		t.Errorf("after the step the producer is in %v", prod)
	}
}
