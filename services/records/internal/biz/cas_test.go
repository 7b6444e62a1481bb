package biz

import "testing"

// TestValidCAS: real numbers pass, a wrong check digit or shape fails.
func TestValidCAS(t *testing.T) {
	for cas, want := range map[string]bool{
		"7732-18-5": true, "67-56-1": true, "7664-41-7": true, "1333-74-0": true, "71-43-2": true, "7782-50-5": true, "50-00-0": true,
		"7732-18-4": false, "67-56-2": false, "6756-1": false, "1-56-1": false, "12345678-12-3": false, "67-56-1 ": false, "": false, "ab-cd-e": false,
	} {
		if got := ValidCAS(cas); got != want {
			t.Errorf("ValidCAS(%q) = %v, want %v", cas, got, want)
		}
	}
}

func TestNormalizeGhs(t *testing.T) {
	got, err := NormalizeGhs(" ato, fll,ATO ")
	if err != nil || got != "FLL,ATO" {
		t.Fatalf("got %q %v", got, err)
	}
	if _, err := NormalizeGhs("FLL,XYZ"); err == nil {
		t.Fatal("unknown code accepted")
	}
}
