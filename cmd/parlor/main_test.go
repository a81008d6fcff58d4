package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// parlorBin is the parlor binary built once for the tests that drive it as
// a subprocess, the way people and scripts use it.
var parlorBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "parlor-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	parlorBin = filepath.Join(dir, "parlor")
	build := exec.Command("go", "build", "-o", parlorBin, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building parlor:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
