package symbols

import (
	"fmt"
	"strconv"

	"github.com/go-delve/delve/pkg/dwarf/godwarf"
	"github.com/rewind-debugger/rewind/symbols/cexpr"
)

// leaves flattens a value into path -> scalar text, with the conventions of
// gdbdump.py: integers in decimal (chars too), pointers in hex, enums by
// name, bools true/false, floats as gdb prints them.
func leaves(tab *Table, env cexpr.Env, v cexpr.Value, path string, out map[string]string, depth int) {
	if v.OptimizedOut {
		out[path] = OptimizedOut
		return
	}
	if depth > 16 {
		return
	}
	switch rt := cexpr.Resolve(v.Type).(type) {
	case *godwarf.StructType:
		for _, f := range rt.Field {
			leaves(tab, env, fieldValue(v, f), path+"."+f.Name, out, depth+1)
		}
		return
	case *godwarf.ArrayType:
		for i := int64(0); i < rt.Count; i++ {
			leaves(tab, env, elemValue(v, rt, i), fmt.Sprintf("%s[%d]", path, i), out, depth+1)
		}
		return
	}
	b, err := v.Load(env)
	if err != nil {
		out[path] = "<error: " + err.Error() + ">"
		return
	}
	fm := &formatter{t: tab, env: env, opts: FormatOptions{MaxElements: 200}}
	switch rt := cexpr.Resolve(v.Type).(type) {
	case *godwarf.PtrType, *godwarf.FuncType:
		out[path] = "0x" + strconv.FormatUint(leUint(b)&0xffffffff, 16)
	case *godwarf.EnumType, *godwarf.BoolType, *godwarf.FloatType:
		out[path] = fm.scalar(rt, b, false)
	default:
		if isSignedType(rt) {
			out[path] = strconv.FormatInt(signExtend(leUint(b), len(b)), 10)
		} else {
			out[path] = strconv.FormatUint(leUint(b), 10)
		}
	}
}
