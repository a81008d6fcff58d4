//go:build linux

package server

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"
)

// frame is a client's frame: masked, with opcode op and payload p.
func frame(fin bool, op byte, p []byte) []byte {
	b := []byte{op, 0x80}
	if fin {
		b[0] |= 0x80
	}
	switch {
	case len(p) < 126:
		b[1] |= byte(len(p))
	case len(p) <= 0xffff:
		b[1] |= 126
		b = binary.BigEndian.AppendUint16(b, uint16(len(p)))
	default:
		b[1] |= 127
		b = binary.BigEndian.AppendUint64(b, uint64(len(p)))
	}
	b = append(b, 1, 2, 3, 4) // the mask: the scan never unmasks
	return append(b, p...)
}

// TestFrameScanFindsEmptyMessages: the loop's frame scan stops at the
// end of each data message of no bytes, and only there, whether the
// bytes come at once or one at a time: a message of one empty frame or
// of empty fragments, text or binary, among messages with bytes (one
// past 125 bytes, one past 64 KiB, one in fragments) and control frames
// between fragments.
func TestFrameScanFindsEmptyMessages(t *testing.T) {
	var stream []byte
	var ends []int // where each empty message ends
	var texts []bool
	add := func(f []byte) { stream = append(stream, f...) }
	empty := func(text bool) {
		ends = append(ends, len(stream))
		texts = append(texts, text)
	}
	add(frame(true, 1, []byte(`{"t":"lobby.join","id":1}`)))
	add(frame(true, 1, nil))
	empty(true)
	add(frame(true, 1, bytes.Repeat([]byte("x"), 300)))
	add(frame(false, 1, nil))
	add(frame(true, 9, nil)) // a ping between fragments
	add(frame(true, 0, nil))
	empty(true)
	add(frame(true, 2, nil))
	empty(false)
	add(frame(false, 1, nil))
	add(frame(true, 0, []byte("x"))) // empty first fragment, not empty message
	add(frame(true, 9, nil))
	add(frame(true, 1, bytes.Repeat([]byte("y"), 70000)))
	add(frame(true, 1, nil))
	empty(true)
	add(frame(true, 1, []byte("z")))

	scan := func(chunk int) (gotEnds []int, gotTexts []bool) {
		var s frameScan
		off := 0
		for start := 0; start < len(stream); start += chunk {
			data := stream[start:min(start+chunk, len(stream))]
			for len(data) > 0 {
				n, isEmpty, text := s.next(data)
				off += n
				data = data[n:]
				if isEmpty {
					gotEnds = append(gotEnds, off)
					gotTexts = append(gotTexts, text)
				}
			}
		}
		return gotEnds, gotTexts
	}
	for _, chunk := range []int{len(stream), 1, 7, 4096} {
		gotEnds, gotTexts := scan(chunk)
		if !slices.Equal(gotEnds, ends) || !slices.Equal(gotTexts, texts) {
			t.Errorf("read %d bytes at a time: empty messages end at %v (text %v), want %v (text %v)", chunk, gotEnds, gotTexts, ends, texts)
		}
	}
}
