package gdbserver

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestReadFrame(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Frame
	}{
		{"packet", "$qC#b4", []Frame{{Kind: FramePacket, Data: []byte("qC")}}},
		{"acks and interrupt", "+-\x03", []Frame{{Kind: FrameAck}, {Kind: FrameNack}, {Kind: FrameInterrupt}}},
		{"noise skipped", "xyz$qC#b4", []Frame{{Kind: FramePacket, Data: []byte("qC")}}},
		{"uppercase checksum", "$g#67", []Frame{{Kind: FramePacket, Data: []byte("g")}}},
		{"bad checksum", "$qC#00", []Frame{{Kind: FrameBad}}},
		{"bad checksum digits", "$qC#zz", []Frame{{Kind: FrameBad}}},
		{"escape", "$X}\x03#" + cs("X}\x03"), []Frame{{Kind: FramePacket, Data: []byte("X#")}}},
		{"escape at end", "$X}#" + cs("X}"), []Frame{{Kind: FrameBad}}},
		{"run-length", "$0* #" + cs("0* "), []Frame{{Kind: FramePacket, Data: []byte("0000")}}},
		{"run-length first", "$* #" + cs("* "), []Frame{{Kind: FrameBad}}},
		{"run-length at end", "$0*#" + cs("0*"), []Frame{{Kind: FrameBad}}},
		{"run-length negative", "$0*\x01#" + cs("0*\x01"), []Frame{{Kind: FrameBad}}},
		{"restart on $", "$qC$g#67", []Frame{{Kind: FramePacket, Data: []byte("g")}}},
		{"empty packet", "$#00", []Frame{{Kind: FramePacket, Data: []byte{}}}},
	}
	for _, tt := range tests {
		r := bufio.NewReader(strings.NewReader(tt.in))
		for i, want := range tt.want {
			got, err := ReadFrame(r)
			if err != nil || got.Kind != want.Kind || !bytes.Equal(got.Data, want.Data) {
				t.Errorf("%s: frame %d = %+v, %v; want %+v", tt.name, i, got, err, want)
			}
		}
		if _, err := ReadFrame(r); err != io.EOF {
			t.Errorf("%s: want EOF at the end, got %v", tt.name, err)
		}
	}
}

func TestReadFrameTooLong(t *testing.T) {
	body := strings.Repeat("a", maxRawPacket+10)
	r := bufio.NewReader(strings.NewReader("$" + body + "#" + cs(body)))
	if f, err := ReadFrame(r); err != nil || f.Kind != FrameBad {
		t.Errorf("too long: %+v, %v", f, err)
	}
}

func TestReadFrameTruncated(t *testing.T) {
	for _, in := range []string{"$qC", "$qC#", "$qC#b"} {
		if _, err := ReadFrame(bufio.NewReader(strings.NewReader(in))); err != io.ErrUnexpectedEOF && err != io.EOF {
			t.Errorf("%q: %v", in, err)
		}
	}
}

func TestEscapeRoundTrip(t *testing.T) {
	data := []byte("a$b#c}d*e\x00\xff")
	f, err := ReadFrame(bufio.NewReader(bytes.NewReader(EncodePacket(EscapeBinary(data)))))
	if err != nil || f.Kind != FramePacket || !bytes.Equal(f.Data, data) {
		t.Errorf("round trip: %+v, %v", f, err)
	}
}

func cs(s string) string {
	p := EncodePacket([]byte(s))
	return string(p[len(p)-2:])
}

func FuzzReadPacket(f *testing.F) {
	f.Add([]byte("$qSupported:multiprocess+;swbreak+#c9"))
	f.Add([]byte("+$g#67-\x03$X80000000,2:}\x03}\x04#00"))
	f.Add([]byte("$0* 1*\"#00$m0,4#fd"))
	f.Add([]byte("$$$$#"))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := bufio.NewReader(bytes.NewReader(in))
		for {
			fr, err := ReadFrame(r)
			if err != nil {
				return
			}
			if fr.Kind == FramePacket && len(fr.Data) > maxRawPacket {
				t.Fatalf("decoded packet of %d bytes", len(fr.Data))
			}
		}
	})
}

// FuzzDispatch feeds arbitrary packets to the dispatcher: any reply is
// fine, a panic is not.
func FuzzDispatch(f *testing.F) {
	for _, s := range []string{"g", "G00", "p20", "P1=00000000", "m80000000,10", "M80000000,1:00",
		"X80000000,1:a", "Z0,80000000,4;X3,220127", "z2,80000000,4", "vCont;s:1;c", "Hg1",
		"qXfer:features:read:target.xml:0,10", "qRcmd,74696d65", "bs", "bc", "c", "s80000000",
		"qThreadExtraInfo,1", "T1", "?"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		ft := newFake(2)
		ft.events = []Event{{Kind: EventStep}}
		ss := newSession(New(ft, nil), io.Discard)
		ss.handle(p)
	})
}
