package symbols

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoad feeds hostile ELF images to Load and exercises every query on
// what loads: nothing may panic, and work stays bounded.
func FuzzLoad(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "testdata", "symbols", "*.elf"))
	arm, _ := filepath.Glob(filepath.Join("..", "testdata", "symbols-arm", "*.elf"))
	seeds = append(seeds, arm...)
	for _, s := range seeds {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("\x7fELF\x01\x01\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := Load(bytes.NewReader(data))
		if err != nil {
			return
		}
		exercise(tab)
	})
}

// exercise runs the table's queries over its own functions and files.
func exercise(tab *Table) {
	tgt := &fakeTarget{base: 0x80000000, ram: make([]byte, 0x8000)}
	for i := range tgt.regs {
		tgt.regs[i] = 0x80004000
	}
	for n, fn := range tab.Functions() {
		if n > 64 {
			break
		}
		tab.PCToLine(fn.Low)
		tab.PostPrologue(fn)
		tab.BreakpointAddr(fn)
		tab.StatementsIn(fn.Low, fn.High)
		tgt.pc = fn.Low + 2
		frames, _ := tab.Unwind(tgt, UnwindOptions{MaxFrames: 8})
		for _, fr := range frames {
			env := fr.Env()
			for _, v := range fr.Variables() {
				mv := tab.MakeView(v.Name, v.Value, env, FormatOptions{MaxElements: 16})
				tab.ChildViews(mv.Val, env, FormatOptions{MaxElements: 16})
			}
		}
	}
	for n, file := range tab.Files() {
		if n > 8 {
			break
		}
		tab.LineToPCs(file.Name, 10)
	}
	for i, g := range tab.GlobalsOf(tgt) {
		if i > 64 {
			break
		}
		tab.Format(g.Value, (&Frame{table: tab, target: tgt}).Env(), FormatOptions{MaxElements: 16})
	}
	tab.LookupType("struct node")
	tab.SymbolAt(0x80000010)
}
