package gateway

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"
)

func TestInlineScriptsOfAPageAreHashedForTheCSP(t *testing.T) {
	body := "window.routerBase = \"/\";"
	sum := sha256.Sum256([]byte(body))
	want := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	page := `<html><head><script src="/umi.js"></script><SCRIPT type="text/javascript">` + body + `</SCRIPT><script></script></head></html>`
	got := inlineScriptHashes([]byte(page))
	if len(got) != 1 || got[0] != want {
		t.Fatalf("hashes %v, want [%s]", got, want)
	}
	policy := csp(got...)
	if !strings.Contains(policy, "script-src 'self' "+want+" 'wasm-unsafe-eval';") || !strings.Contains(policy, "frame-ancestors 'none'") {
		t.Fatalf("policy: %s", policy)
	}
	if strings.Contains(defaultCSP, "%s") || !strings.Contains(defaultCSP, "script-src 'self' 'wasm-unsafe-eval';") ||
		strings.Contains(defaultCSP, "'unsafe-eval'") {
		t.Fatalf("default policy: %s", defaultCSP)
	}
	if len(inlineScriptHashes(docsHTML)) != 1 {
		t.Fatal("the docs page's inline script is not hashed")
	}
}
