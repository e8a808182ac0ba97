package checkpoint

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rewind-debugger/rewind/vm"
)

func sampleRecording() *Recording {
	elf := []byte("\x7fELF pretend firmware")
	return &Recording{
		Firmware: sha256.Sum256(elf), ELF: elf, Harts: 2, RAMBase: 0x80000000, RAMSize: 128 << 20,
		Events: []Event{
			{Time: 10, Kind: EventUART, Data: []byte("hi\n")},
			{Time: 10, Kind: EventMemory, Addr: 0x80002000, Data: []byte{1, 2}},
			{Time: 99, Kind: EventRegister, Hart: 1, Addr: RegPC, Data: []byte{0, 0, 0, 0x80}},
		},
		End: 12345, Status: Status{Kind: StatusExit, Code: 3, PC: 0x80000084},
		OutputLen: 7, OutputHash: sha256.Sum256([]byte("outputs")),
	}
}

func TestRecordingRoundTrip(t *testing.T) {
	for _, embed := range []bool{true, false} {
		r := sampleRecording()
		if !embed {
			r.ELF = nil
		}
		got, data := recode(t, r)
		again, _ := got.MarshalBinary()
		if !bytes.Equal(again, data) {
			t.Fatal("decode/encode is not the identity")
		}
		if got.End != r.End || got.Status != r.Status || len(got.Events) != 3 || got.Events[2].Hart != 1 {
			t.Fatalf("round trip lost fields: %+v", got)
		}
	}
}

func TestRecordingRefusesBadFiles(t *testing.T) {
	good, _ := sampleRecording().MarshalBinary()
	badVersion := bytes.Clone(good)
	binary.LittleEndian.PutUint16(badVersion[8:], 9)
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a Rewind recording"},
		{"other file", []byte("\x7fELF\x01\x01\x01\x00............................................"), "not a Rewind recording"},
		{"version", badVersion, "version 9 is not supported"},
		{"truncated", good[:len(good)-1], "damaged or truncated"},
		{"truncated header", good[:12], "truncated"},
		{"appended", append(bytes.Clone(good), 0), "damaged or truncated"},
	}
	for _, tt := range tests {
		_, err := DecodeRecording(tt.data)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
	// Every flipped bit and every prefix is refused.
	for i := range good {
		bad := bytes.Clone(good)
		bad[i] ^= 0x10
		if _, err := DecodeRecording(bad); err == nil {
			t.Fatalf("flipped byte %d accepted", i)
		}
		if _, err := DecodeRecording(good[:i]); err == nil {
			t.Fatalf("prefix of %d bytes accepted", i)
		}
	}
}

func TestRecordingFirmwareMismatch(t *testing.T) {
	r := sampleRecording()
	if err := r.CheckFirmware(r.ELF); err != nil {
		t.Fatal(err)
	}
	err := r.CheckFirmware([]byte("another firmware"))
	if err == nil || !strings.Contains(err.Error(), "recording was made with firmware sha256") {
		t.Fatalf("mismatch: %v", err)
	}
}

func TestWriteRecordingCrashSafe(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.rwd")
	if err := os.WriteFile(path, []byte("old contents"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteRecording(path, sampleRecording()); err != nil {
		t.Fatal(err)
	}
	r, err := ReadRecording(path)
	if err != nil || r.End != 12345 {
		t.Fatalf("read back: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left: %v", entries)
	}
	// An invalid recording is refused before anything is written.
	bad := sampleRecording()
	bad.Harts = 0
	if err := WriteRecording(path, bad); err == nil {
		t.Fatal("invalid recording written")
	}
	if _, err := ReadRecording(path); err != nil {
		t.Fatalf("previous recording damaged: %v", err)
	}
	if _, err := ReadRecording(filepath.Join(dir, "missing.rwd")); err == nil {
		t.Fatal("missing file accepted")
	}
}

// FuzzDecodeRecording: the decoder never panics, and whatever it accepts
// encodes back to the same bytes.
func FuzzDecodeRecording(f *testing.F) {
	good, _ := sampleRecording().MarshalBinary()
	f.Add(good)
	noELF := sampleRecording()
	noELF.ELF = nil
	b, _ := noELF.MarshalBinary()
	f.Add(b)
	f.Add([]byte(recMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := DecodeRecording(data)
		if err != nil {
			return
		}
		again, err := r.MarshalBinary()
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("accepted input does not re-encode: %v", err)
		}
	})
}

// The fuzzer cannot get past the checksum by itself: fuzz the body too,
// re-sealing each input with a valid checksum.
func FuzzDecodeRecordingBody(f *testing.F) {
	good, _ := sampleRecording().MarshalBinary()
	f.Add(good[len(recMagic)+2 : len(good)-sha256.Size])
	f.Fuzz(func(t *testing.T, body []byte) {
		data := append([]byte(recMagic), 1, 0)
		data = append(data, body...)
		sum := sha256.Sum256(data)
		data = append(data, sum[:]...)
		r, err := DecodeRecording(data)
		if err != nil {
			return
		}
		again, err := r.MarshalBinary()
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("accepted input does not re-encode: %v", err)
		}
	})
}

// TestRecordingModelsVersion: a recording keeps the models version it was
// made with; one written without it (an older Rewind) reads as 0, and a
// file whose flag promises a version of 0 is refused.
func TestRecordingModelsVersion(t *testing.T) {
	r := sampleRecording()
	r.Models = 5
	got, data := recode(t, r)
	if got.Models != 5 {
		t.Errorf("models version %d after a round trip, want 5", got.Models)
	}
	old := sampleRecording()
	got, _ = recode(t, old)
	if got.Models != 0 {
		t.Errorf("a recording without the version reads as %d", got.Models)
	}
	// Set the flag but write 0 as the version, with a valid checksum.
	zero := append([]byte(nil), data[:len(data)-sha256.Size]...)
	at := bytes.LastIndex(zero, binary.LittleEndian.AppendUint32(nil, 5))
	copy(zero[at:], []byte{0, 0, 0, 0})
	sum := sha256.Sum256(zero)
	if _, err := DecodeRecording(append(zero, sum[:]...)); err == nil || !strings.Contains(err.Error(), "models version 0") {
		t.Errorf("a zero models version with its flag set: err = %v", err)
	}
}

// TestTimelineRecordsModelsVersion: a timeline's recording carries this
// build's models version.
func TestTimelineRecordsModelsVersion(t *testing.T) {
	tl := New(boot(t, firmware{path: loopELF, harts: 1}), Options{})
	if got := tl.Recording().Models; got != vm.ModelsVersion {
		t.Errorf("Recording().Models = %d, want %d", got, vm.ModelsVersion)
	}
}
