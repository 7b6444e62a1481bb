package social

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"

	"anquan/auth/internal/biz"
)

// MsgPrivate refuses a provider address on this host's or an internal network.
const MsgPrivate = "身份源地址不能指向本机、内网、链路本地或云元数据地址 (如 127.0.0.1、10.x.x.x、192.168.x.x、169.254.169.254);" +
	"本地部署的身份源请由运维开启配置项 security.allowPrivateIdP"

// internal are the networks a provider may not live on: this host, private
// and carrier-grade NAT ranges, link-local (cloud metadata at
// 169.254.169.254), documentation, benchmarking, multicast and reserved
// ranges, and the IPv6 forms of all of them.
var internal = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
		"192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24",
		"203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
		"::/96", "100::/64", "2001::/32", "2001:db8::/32", "fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

// nat64 and sixToFour embed an IPv4 address, which is checked in turn.
var (
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	nat64Disc = netip.MustParsePrefix("64:ff9b:1::/48")
	sixToFour = netip.MustParsePrefix("2002::/16")
)

// Internal reports whether a may not be called for a provider.
func Internal(a netip.Addr) bool {
	if !a.IsValid() {
		return true
	}
	a = a.Unmap()
	if a.Is6() {
		b := a.As16()
		switch {
		case nat64.Contains(a):
			return Internal(netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}))
		case sixToFour.Contains(a):
			return Internal(netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}))
		case nat64Disc.Contains(a):
			return true
		}
	}
	for _, p := range internal {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// Guard keeps the provider calls off internal addresses unless the
// deployment allows them (security.allowPrivateIdP, for on-premise
// providers).
type Guard struct {
	AllowPrivate bool
	// Resolver for the save-time check; nil means net.DefaultResolver.
	Resolver *net.Resolver
}

func refused(what string) error { return fmt.Errorf("%w: %s", biz.ErrProviderAddress, what) }

// CheckURL is the save-time check of a provider's tokenUrl or userInfoUrl:
// an http(s) URL with a host and no credentials, whose address (a literal,
// or every address the name resolves to now) is not internal. A name that
// does not resolve now is accepted: every call checks the address it
// dials (Client), which also covers a name that later resolves elsewhere.
// The error is a message for the user.
func (g Guard) CheckURL(ctx context.Context, raw string) error {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
		return errors.New("令牌地址和用户信息地址必须是以 http:// 或 https:// 开头的完整地址")
	}
	if u.User != nil {
		return errors.New("身份源地址中不能包含用户名或密码,请在客户端 ID 和密钥中填写")
	}
	if g.AllowPrivate {
		return nil
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if a, err := netip.ParseAddr(host); err == nil {
		if Internal(a) {
			return errors.New(MsgPrivate)
		}
		return nil
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return errors.New(MsgPrivate)
	}
	r := g.Resolver
	if r == nil {
		r = net.DefaultResolver
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	addrs, err := r.LookupNetIP(ctx, "ip", host)
	if err != nil {
		return nil
	}
	for _, a := range addrs {
		if Internal(a) {
			return errors.New(MsgPrivate)
		}
	}
	return nil
}

// Client is the HTTP client of the provider calls. Unless private providers
// are allowed, its dialer refuses internal addresses after DNS resolution,
// on every connection (so a name resolving to 127.0.0.1, DNS rebinding and
// redirects to internal addresses are refused too), and it uses no proxy
// (a proxy would resolve and connect on our behalf, past the check).
func (g Guard) Client(timeout time.Duration) *http.Client {
	d := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		DialContext:           d.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          20,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   5 * time.Second,
		ResponseHeaderTimeout: timeout,
	}
	if g.AllowPrivate {
		tr.Proxy = http.ProxyFromEnvironment
	} else {
		d.ControlContext = func(_ context.Context, _, address string, _ syscall.RawConn) error {
			host, _, err := net.SplitHostPort(address)
			if err != nil {
				return refused(address)
			}
			a, err := netip.ParseAddr(host)
			if err != nil || Internal(a) {
				return refused(address)
			}
			return nil
		}
	}
	return &http.Client{Timeout: timeout, Transport: tr, CheckRedirect: g.checkRedirect}
}

// checkRedirect follows at most five redirects, to http(s) only, and not to
// an internal literal address or localhost (names are checked when dialled).
func (g Guard) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= 5 {
		return errors.New("too many redirects")
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return refused(req.URL.Redacted())
	}
	if !g.AllowPrivate {
		host := strings.ToLower(strings.TrimSuffix(req.URL.Hostname(), "."))
		if a, err := netip.ParseAddr(host); (err == nil && Internal(a)) || host == "localhost" || strings.HasSuffix(host, ".localhost") {
			return refused(req.URL.Redacted())
		}
	}
	return nil
}
