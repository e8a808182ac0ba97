package svd

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// wrapRegs puts register XML into a one-peripheral device; the
// register's first line is line 5.
func wrapRegs(regs string) string {
	return "<device><name>D</name>\n<peripherals><peripheral><name>P</name>\n" +
		"<baseAddress>0x1000</baseAddress>\n<registers>\n" + regs +
		"\n</registers></peripheral></peripherals></device>\n"
}

// reg is a register named R at offset 0 with extra content.
func reg(extra string) string {
	return "<register><name>R</name><addressOffset>0</addressOffset>" + extra + "</register>"
}

// field is a register R with one field F with the given content.
func field(content string) string {
	return reg("<fields><field><name>F</name>" + content + "</field></fields>")
}

// TestErrors checks the message of each kind of error: file, line,
// element path and problem.
func TestErrors(t *testing.T) {
	tests := []struct {
		name, doc, want string
	}{
		{"not xml", "<device><name>", "t.svd:1: XML syntax error on line 1: unexpected EOF"},
		{"root", "<svd/>", "t.svd:1: svd: the root element must be <device>"},
		{"no peripherals", "<device><name>D</name></device>", "t.svd:1: device D: no <peripherals>"},
		{"width", "<device><width>0</width><peripherals/></device>", `t.svd:1: device : width "0": must be 1 to 64`},
		{"no base", "<device><peripherals>\n<peripheral><name>P</name></peripheral></peripherals></device>",
			`t.svd:2: peripheral P: baseAddress: number "": empty`},
		{"periph no name", "<device><peripherals>\n<peripheral/></peripherals></device>", "t.svd:2: peripheral: no <name>"},
		{"periph derived missing", "<device><peripherals>\n<peripheral derivedFrom=\"Q\"><name>P</name></peripheral></peripherals></device>",
			`t.svd:2: peripheral P: derivedFrom "Q": no such element`},
		{"periph derive loop", "<device><peripherals>\n<peripheral derivedFrom=\"Q\"><name>P</name></peripheral>\n" +
			"<peripheral derivedFrom=\"P\"><name>Q</name></peripheral></peripherals></device>",
			"t.svd:2: peripheral P: derivedFrom chain loops or is deeper than 32"},
		{"register no name", wrapRegs("<register/>"), "t.svd:5: peripheral P, register: no <name>"},
		{"offset", wrapRegs("<register><name>R</name><addressOffset>zz</addressOffset></register>"),
			`t.svd:5: peripheral P, register R: addressOffset: number "zz": strconv.ParseUint: parsing "zz": invalid syntax`},
		{"size", wrapRegs(reg("<size>65</size>")), `t.svd:5: peripheral P, register R: size "65": must be 1 to 64 bits`},
		{"access", wrapRegs(reg("<access>rw</access>")),
			`t.svd:5: peripheral P, register R: access "rw": not one of read-only, write-only, read-write, writeOnce, read-writeOnce`},
		{"readAction", wrapRegs(reg("<readAction>pop</readAction>")),
			`t.svd:5: peripheral P, register R: readAction "pop": not one of clear, set, modify, modifyExternal`},
		{"register derived missing", wrapRegs("<register derivedFrom=\"S\"><name>R</name></register>"),
			`t.svd:5: peripheral P, register R: derivedFrom "S": no such element`},
		{"dim no %s", wrapRegs(reg("<dim>2</dim><dimIncrement>4</dimIncrement>")),
			`t.svd:5: peripheral P, register R: dim 2 but the name "R" has no %s`},
		{"%s no dim", wrapRegs("<register><name>R%s</name><addressOffset>0</addressOffset></register>"),
			"t.svd:5: peripheral P, register R%s: name has %s but no dim"},
		{"dim huge", wrapRegs("<register><name>R%s</name><dim>4000000000</dim><dimIncrement>4</dimIncrement></register>"),
			"t.svd:5: peripheral P, register R%s: dim 4000000000: must be 1 to 65536"},
		{"dim no increment", wrapRegs("<register><name>R%s</name><dim>2</dim></register>"),
			"t.svd:5: peripheral P, register R%s: dim without dimIncrement"},
		{"dimIndex count", wrapRegs("<register><name>R%s</name><dim>3</dim><dimIncrement>4</dimIncrement><dimIndex>a,b</dimIndex></register>"),
			`t.svd:5: peripheral P, register R%s: dimIndex "a,b" has 2 entries, dim is 3`},
		{"dimIndex range", wrapRegs("<register><name>R%s</name><dim>3</dim><dimIncrement>4</dimIncrement><dimIndex>0-99999999</dimIndex></register>"),
			`t.svd:5: peripheral P, register R%s: dimIndex "0-99999999" has more entries, dim is 3`},
		{"dimIndex bad", wrapRegs("<register><name>R%s</name><dim>2</dim><dimIncrement>4</dimIncrement><dimIndex>C-A</dimIndex></register>"),
			`t.svd:5: peripheral P, register R%s: dimIndex "C-A": bad range`},
		{"no position", wrapRegs(field("")), "t.svd:5: peripheral P, register R, field F: no position (bitOffset, lsb/msb or bitRange)"},
		{"bitRange form", wrapRegs(field("<bitRange>3:0</bitRange>")),
			`t.svd:5: peripheral P, register R, field F: bitRange "3:0": not [msb:lsb]`},
		{"msb below lsb", wrapRegs(field("<bitRange>[0:3]</bitRange>")), "t.svd:5: peripheral P, register R, field F: msb 0 below lsb 3"},
		{"lsb msb", wrapRegs(field("<lsb>4</lsb>")), `t.svd:5: peripheral P, register R, field F: msb: number "": empty`},
		{"too wide", wrapRegs(reg("<size>8</size><fields><field><name>F</name><bitOffset>4</bitOffset><bitWidth>8</bitWidth></field></fields>")),
			"t.svd:5: peripheral P, register R, field F: bits 4 to 11 do not fit a 8-bit register"},
		{"usage", wrapRegs(field("<bitOffset>0</bitOffset><enumeratedValues><usage>both</usage></enumeratedValues>")),
			`t.svd:5: peripheral P, register R, field F, enumeratedValues : usage "both": not read, write or read-write`},
		{"enum value fit", wrapRegs(field("<bitOffset>0</bitOffset><enumeratedValues><enumeratedValue><name>V</name><value>2</value></enumeratedValue></enumeratedValues>")),
			"t.svd:5: peripheral P, register R, field F, enumeratedValues , enumeratedValue V: value 2 does not fit the field's 1 bits"},
		{"enum no value", wrapRegs(field("<bitOffset>0</bitOffset><enumeratedValues><enumeratedValue><name>V</name></enumeratedValue></enumeratedValues>")),
			"t.svd:5: peripheral P, register R, field F, enumeratedValues , enumeratedValue V: neither <value> nor <isDefault>"},
		{"enum bad binary", wrapRegs(field("<bitWidth>2</bitWidth><bitOffset>0</bitOffset><enumeratedValues><enumeratedValue><name>V</name><value>#1y</value></enumeratedValue></enumeratedValues>")),
			`t.svd:5: peripheral P, register R, field F, enumeratedValues , enumeratedValue V: number "#1y": strconv.ParseUint: parsing "1y": invalid syntax`},
		{"isDefault", wrapRegs(field("<bitOffset>0</bitOffset><enumeratedValues><enumeratedValue><name>V</name><isDefault>yes</isDefault></enumeratedValue></enumeratedValues>")),
			`t.svd:5: peripheral P, register R, field F, enumeratedValues , enumeratedValue V: isDefault: "yes" is not a boolean`},
		{"enum derived missing", wrapRegs(field("<bitOffset>0</bitOffset><enumeratedValues derivedFrom=\"E\"/>")),
			`t.svd:5: peripheral P, register R, field F, enumeratedValues : derivedFrom "E": no such enumeratedValues`},
		{"enum derived loop", wrapRegs(field("<bitOffset>0</bitOffset><enumeratedValues derivedFrom=\"E\"><name>E</name></enumeratedValues>")),
			`t.svd:5: peripheral P, register R, field F, enumeratedValues E: derivedFrom "E": no such enumeratedValues`},
		{"cluster derived from its parent", wrapRegs("<cluster><name>A</name><addressOffset>0</addressOffset>\n" +
			"<cluster derivedFrom=\"A\"><name>B</name><addressOffset>4</addressOffset></cluster></cluster>"),
			"t.svd:6: peripheral P, cluster A" + strings.Repeat(".B", 64) + ": clusters nested deeper than 64"},
		{"budget", budgetDoc(), "t.svd:6: peripheral P, register C2.R%s: the file expands to more than 262144 registers and fields"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("t.svd", []byte(tt.doc))
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T), want an *Error", err, err)
			}
			if err.Error() != tt.want {
				t.Errorf("got  %s\nwant %s", err, tt.want)
			}
		})
	}
}

// budgetDoc nests dim arrays that multiply past the element budget.
func budgetDoc() string {
	inner := "<register><name>R%s</name><dim>65536</dim><dimIncrement>4</dimIncrement><addressOffset>0</addressOffset></register>"
	return wrapRegs(fmt.Sprintf("<cluster><name>C%%s</name><dim>65536</dim><dimIncrement>4</dimIncrement><addressOffset>0</addressOffset>\n%s</cluster>", inner))
}

// TestErrorLineCounting checks lines further down a file.
func TestErrorLineCounting(t *testing.T) {
	doc := wrapRegs(reg("") + "\n\n\n" + field("<bitRange>[0:3]</bitRange>"))
	_, err := Parse("t.svd", []byte(doc))
	if err == nil || !strings.HasPrefix(err.Error(), "t.svd:8: ") {
		t.Fatalf("got %v, want an error at line 8", err)
	}
}
