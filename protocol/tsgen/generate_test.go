package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// generated is the file go generate ./protocol writes.
var generated = filepath.Join("..", "..", "web", "src", "protocol.gen.ts")

// TestGeneratedIsCurrent fails when the web client's protocol types no
// longer say what package protocol says: a Go type changed and the
// TypeScript was not generated again, or the generated file was edited.
func TestGeneratedIsCurrent(t *testing.T) {
	want, err := generate("..")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(generated)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what package protocol declares: run go generate ./protocol", generated)
	}
}

// TestFieldForms checks the TypeScript of each form of field, on a sample
// package: what the web client may rely on (a value that is never null,
// a member that may be missing).
func TestFieldForms(t *testing.T) {
	src, err := generate(filepath.Join("testdata", "sample"))
	if err != nil {
		t.Fatal(err)
	}
	out := string(src)
	for _, want := range []string{
		"/** Color is a sample enumeration. */\nexport type Color = \"red\" | \"blue\";",
		"  name: string;\n",
		"  color?: Color;\n",              // omitempty: may be missing, never null
		"  parts: number[] | null;\n",     // a nil slice is written null
		"  always: number[];\n",           // unless the server never sends nil
		"  next: Thing | null;\n",         // a nil pointer is written null
		"  data: any;\n",                  // JSON the game defines
		"  at?: string;\n",                // omitzero, a time in RFC 3339
		"  by?: Record<string, boolean>;", // a map left out when empty
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the TypeScript lacks %q:\n%s", want, out)
		}
	}
	for _, never := range []string{"secret", "Server", "server"} {
		if strings.Contains(out, never) {
			t.Errorf("the TypeScript has %q, a field the JSON leaves out:\n%s", never, out)
		}
	}
}

// TestUnknownForm refuses a field type the generator cannot write, rather
// than writing a wrong one.
func TestUnknownForm(t *testing.T) {
	dir := t.TempDir()
	src := "package odd\n\ntype Odd struct {\n\tC chan int `json:\"c\"`\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "odd.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := generate(dir); err == nil {
		t.Fatal("a channel field was given a TypeScript form")
	}
}
