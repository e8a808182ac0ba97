package symbols_test

import (
	"fmt"
	"log"

	"github.com/rewind-debugger/rewind/symbols"
)

// Example shows the line and function queries a debugger makes first.
func Example() {
	tab, err := symbols.Open("../testdata/symbols/prog-O0.elf")
	if err != nil {
		log.Fatal(err)
	}
	fn, _ := tab.FunctionByName("factorial")
	bp := tab.BreakpointAddr(fn)
	loc, _ := tab.PCToLine(bp)
	fmt.Printf("break factorial: %s:%d in %s\n", loc.File.Name, loc.Line, loc.Function.Name)
	bps, _ := tab.LineToPCs("shapes.c", 26)
	fmt.Printf("break shapes.c:26: %d locations (span is inlined twice)\n", len(bps))
	// Output:
	// break factorial: main.c:23 in factorial
	// break shapes.c:26: 2 locations (span is inlined twice)
}
