package gateway

import (
	"testing"

	"anquan/kit/conf"
)

func TestClientIPTrustsForwardedHeadersOnlyFromConfiguredProxies(t *testing.T) {
	px := func(list ...string) proxies {
		p, err := conf.ParsePrefixes(list)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	cases := []struct {
		name    string
		proxies proxies
		remote  string
		xff     []string
		realIP  string
		want    string
	}{
		{"no proxies configured: the peer, whatever the header says", nil, "203.0.113.9:5000", []string{"1.2.3.4"}, "", "203.0.113.9"},
		{"loopback is not trusted by default", nil, "127.0.0.1:5000", []string{"1.2.3.4"}, "5.6.7.8", "127.0.0.1"},
		{"untrusted peer: header ignored", px("10.0.0.0/8"), "198.51.100.7:5000", []string{"1.2.3.4"}, "", "198.51.100.7"},
		{"trusted proxy: the hop it appended", px("10.0.0.0/8"), "10.0.0.2:5000", []string{"198.51.100.7"}, "", "198.51.100.7"},
		{"spoofed leftmost entry is not believed", px("10.0.0.0/8"), "10.0.0.2:5000", []string{"1.2.3.4, 198.51.100.7"}, "", "198.51.100.7"},
		{"chain of trusted proxies: rightmost untrusted hop", px("10.0.0.0/8", "192.168.1.1"), "10.0.0.2:5000", []string{"6.6.6.6, 198.51.100.7, 192.168.1.1, 10.0.0.9"}, "", "198.51.100.7"},
		{"several header lines read as one list", px("10.0.0.0/8"), "10.0.0.2:5000", []string{"6.6.6.6", "198.51.100.7, 10.0.0.3"}, "", "198.51.100.7"},
		{"every hop trusted: the leftmost", px("10.0.0.0/8"), "10.0.0.2:5000", []string{"10.1.1.1, 10.0.0.3"}, "", "10.1.1.1"},
		{"garbage hop: the last address a trusted hop vouched for", px("10.0.0.0/8"), "10.0.0.2:5000", []string{"evil, 10.0.0.3"}, "", "10.0.0.3"},
		{"hop with a port", px("10.0.0.0/8"), "10.0.0.2:5000", []string{"198.51.100.7:4711"}, "", "198.51.100.7"},
		{"IPv6 hop and proxy", px("fd00::/8"), "[fd00::2]:443", []string{"2001:db8::1, fd00::9"}, "", "2001:db8::1"},
		{"IPv4-mapped peer matches an IPv4 proxy", px("10.0.0.0/8"), "[::ffff:10.0.0.2]:5000", []string{"198.51.100.7"}, "", "198.51.100.7"},
		{"X-Real-Ip from a trusted proxy without X-Forwarded-For", px("10.0.0.2"), "10.0.0.2:5000", nil, "198.51.100.7", "198.51.100.7"},
		{"X-Real-Ip that is not an address: the peer", px("10.0.0.2"), "10.0.0.2:5000", nil, "evil", "10.0.0.2"},
		{"X-Real-Ip from an untrusted peer: ignored", px("10.0.0.2"), "198.51.100.8:5000", nil, "1.2.3.4", "198.51.100.8"},
		{"trusted loopback proxy when configured", px("127.0.0.1"), "127.0.0.1:5000", []string{"198.51.100.7"}, "", "198.51.100.7"},
	}
	for _, c := range cases {
		if got := c.proxies.client(c.remote, c.xff, c.realIP); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

func TestTrustedProxiesMustBeAddressesOrCIDRs(t *testing.T) {
	for _, bad := range []string{"10.0.0.0/33", "proxy.local", "10.0.0.0/8x"} {
		if _, err := conf.ParsePrefixes([]string{bad}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
