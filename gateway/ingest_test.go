package gateway

import (
	"encoding/base64"
	"testing"
)

func TestGatewayBasic(t *testing.T) {
	b := func(s string) string { return "Basic " + base64.StdEncoding.EncodeToString([]byte(s)) }
	for _, c := range []struct {
		h, user, secret string
		ok              bool
	}{
		{b("100001:demo-gw:demo-gw"), "100001:demo-gw", "demo-gw", true},
		{b("100001:demo-gw:a:b"), "100001:demo-gw", "a:b", true},
		{"basic " + base64.StdEncoding.EncodeToString([]byte("1:g:s")), "1:g", "s", true},
		{b("100001:demo-gw"), "", "", false},
		{b("100001::s"), "", "", false},
		{b(":g:s"), "", "", false},
		{b("1:g:"), "", "", false},
		{"Basic !!!", "", "", false},
		{"Bearer x", "", "", false},
		{"", "", "", false},
	} {
		u, s, ok := gatewayBasic(c.h)
		if u != c.user || s != c.secret || ok != c.ok {
			t.Errorf("%q: %q %q %v", c.h, u, s, ok)
		}
	}
}
