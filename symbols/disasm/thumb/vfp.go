package thumb

// vfp decodes FPv4-SP/FPv5-D16 instructions; false if w is none.
func (d *decoder) vfp(w uint32) bool { return false }
