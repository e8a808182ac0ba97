package checkpoint

import (
	"crypto/sha256"
	"encoding/binary"
	"strings"
	"testing"
)

// reseal recomputes a forged recording's checksum, as anyone can: the
// checksum detects damage, it does not authenticate.
func reseal(data []byte) []byte {
	body := data[:len(data)-sha256.Size]
	sum := sha256.Sum256(body)
	return append(body, sum[:]...)
}

// TestForgedBoardRefused: a recording whose board does not fit the limits
// of the board and of rewind record is refused, checksum or not.
func TestForgedBoardRefused(t *testing.T) {
	const hartsAt = len(recMagic) + 2 + 2 + sha256.Size // harts, RAM base, RAM size follow
	tests := []struct {
		name  string
		patch func(b []byte)
		want  string
	}{
		{"65 harts", func(b []byte) { binary.LittleEndian.PutUint32(b[hartsAt:], 65) }, "bad hart count 65"},
		{"RAM over the devices", func(b []byte) { binary.LittleEndian.PutUint32(b[hartsAt+4:], 0) }, "bad RAM base 0x0"},
		{"RAM past 2 GiB", func(b []byte) { binary.LittleEndian.PutUint32(b[hartsAt+8:], 2<<30+4096) }, "bad RAM size"},
		{"RAM not in pages", func(b []byte) { binary.LittleEndian.PutUint32(b[hartsAt+8:], 1<<20+1) }, "bad RAM size"},
	}
	good, err := sampleRecording().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeRecording(good); err != nil {
		t.Fatalf("the sample is refused: %v", err)
	}
	for _, tt := range tests {
		data := append([]byte(nil), good...)
		tt.patch(data)
		_, err := DecodeRecording(reseal(data))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err %v, want %q", tt.name, err, tt.want)
		}
	}
}
