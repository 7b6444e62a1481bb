package gateway

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// proxies are the configured proxies in front of the gateway
// (gateway.trustedProxies). Only they may say, in X-Forwarded-For, whom
// they forward for; any client can write that header, so from anyone else
// it means nothing.
type proxies []netip.Prefix

func (p proxies) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, n := range p {
		if n.Contains(a) {
			return true
		}
	}
	return false
}

// clientIP is the address lockouts and rate limits count: the peer, unless
// the peer is a trusted proxy; then the rightmost X-Forwarded-For hop that
// is not a trusted proxy (hops left of it were written by the client and
// are not believed). X-Real-Ip is read only from a trusted peer that sent
// no X-Forwarded-For.
func (p proxies) clientIP(r *http.Request) string {
	return p.client(r.RemoteAddr, r.Header.Values("X-Forwarded-For"), r.Header.Get("X-Real-Ip"))
}

func (p proxies) client(remoteAddr string, xff []string, realIP string) string {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	peer = peer.Unmap()
	if len(p) == 0 || !p.trusted(peer) {
		return peer.String()
	}
	var hops []string
	for _, h := range xff {
		hops = append(hops, strings.Split(h, ",")...)
	}
	if len(hops) == 0 {
		if a, err := netip.ParseAddr(strings.TrimSpace(realIP)); err == nil {
			return a.Unmap().String()
		}
		return peer.String()
	}
	// Walk from the right: each trusted hop vouches for the one to its left.
	nearest := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := parseHop(hops[i])
		if err != nil {
			// Not an address: whatever wrote it is not a proxy we trust, so
			// the last address a trusted hop vouched for is all we know.
			return nearest.String()
		}
		if !p.trusted(a) {
			return a.String()
		}
		nearest = a
	}
	// Every hop is a trusted proxy: the leftmost is the origin.
	return nearest.String()
}

// parseHop reads one X-Forwarded-For entry: an address, possibly with a
// port ("1.2.3.4:5678", "[::1]:80").
func parseHop(s string) (netip.Addr, error) {
	s = strings.TrimSpace(s)
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), nil
	}
	ap, err := netip.ParseAddrPort(s)
	if err != nil {
		return netip.Addr{}, err
	}
	return ap.Addr().Unmap(), nil
}
