package thumb

// decodeFP decodes the coprocessor space; it is filled in by vfp.go.
func (d *decoder) decodeFP(w uint32) bool { return d.vfp(w) }
