package symbols

import (
	"testing"
)

// TestEveryCachedTypeFixed checks the invariant typeAt keeps while fixing
// each type once: after the globals, locals of every function and every
// named type are loaded, no type in the cache is left unfixed (a type
// godwarf cached that the walk from the returned type did not reach would
// keep a wrong array size or bitfield offset).
func TestEveryCachedTypeFixed(t *testing.T) {
	for _, variant := range variants {
		t.Run(variant, func(t *testing.T) {
			tab := openVariant(t, variant)
			stops := loadStops(t, variant)
			_ = tab.GlobalsOf(stops[0].target)
			for name := range tab.typeIndex() {
				if _, err := tab.LookupType(name); err != nil {
					t.Errorf("%s: %v", name, err)
				}
			}
			tab.mu.Lock()
			defer tab.mu.Unlock()
			if len(tab.types) == 0 {
				t.Fatal("no types loaded")
			}
			for off, typ := range tab.types {
				if !tab.fixed[typ] {
					t.Errorf("type %s at 0x%x cached but not fixed", typ, off)
				}
			}
		})
	}
}
