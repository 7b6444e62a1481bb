package social

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"anquan/auth/internal/biz"
)

func TestInternalAddressesAreRecognised(t *testing.T) {
	cases := []struct {
		addr     string
		internal bool
	}{
		{"127.0.0.1", true}, {"127.255.0.9", true}, {"::1", true}, {"0.0.0.0", true}, {"::", true},
		{"10.1.2.3", true}, {"172.16.0.1", true}, {"172.31.255.255", true}, {"192.168.1.1", true},
		{"169.254.169.254", true}, {"169.254.0.1", true}, {"100.64.0.1", true}, {"100.127.255.254", true},
		{"fc00::1", true}, {"fd12:3456::1", true}, {"fe80::1", true}, {"ff02::1", true}, {"224.0.0.1", true},
		{"255.255.255.255", true}, {"192.0.2.10", true}, {"198.18.0.1", true},
		{"::ffff:127.0.0.1", true}, {"::ffff:169.254.169.254", true}, {"64:ff9b::a9fe:a9fe", true}, {"2002:7f00:1::", true},
		{"8.8.8.8", false}, {"1.1.1.1", false}, {"172.32.0.1", false}, {"100.128.0.1", false}, {"203.0.114.7", false},
		{"2606:4700:4700::1111", false}, {"::ffff:8.8.8.8", false}, {"64:ff9b::808:808", false}, {"2002:808:808::", false},
	}
	for _, c := range cases {
		if got := Internal(netip.MustParseAddr(c.addr)); got != c.internal {
			t.Errorf("%s: internal %v, want %v", c.addr, got, c.internal)
		}
	}
}

func TestProviderURLsAreCheckedWhenSaved(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		url   string
		allow bool
		want  string // "" = accepted, else part of the message
	}{
		{"http://127.0.0.1:8080/token", false, "security.allowPrivateIdP"},
		{"http://[::1]/token", false, "本机"},
		{"http://169.254.169.254/latest/meta-data/", false, "元数据"},
		{"http://10.0.0.8/userinfo", false, "内网"},
		{"http://192.168.3.4/userinfo", false, "内网"},
		{"http://100.64.1.1/userinfo", false, "内网"},
		{"http://0.0.0.0/userinfo", false, "内网"},
		{"http://[fd00::5]/userinfo", false, "内网"},
		{"http://localhost:9000/token", false, "内网"},
		{"http://idp.localhost/token", false, "内网"},
		{"ftp://idp.example.com/token", false, "http"},
		{"/token", false, "http"},
		{"https://user:pw@idp.example.com/token", false, "用户名或密码"},
		{"https://203.0.114.7/token", false, ""},
		{"http://127.0.0.1:8080/token", true, ""},
		{"http://localhost:9000/token", true, ""},
	}
	for _, c := range cases {
		err := Guard{AllowPrivate: c.allow}.CheckURL(ctx, c.url)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s (allow %v): refused: %v", c.url, c.allow, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s (allow %v): want refusal containing %q, got %v", c.url, c.allow, c.want, err)
		}
	}
}

// TestCallsToInternalAddressesAreRefusedWhenDialled: the check runs on the
// address the name resolved to, so "localhost" is refused like 127.0.0.1,
// and the provider never sees the request.
func TestCallsToInternalAddressesAreRefusedWhenDialled(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = w.Write([]byte(`{"access_token":"t"}`))
	}))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	for _, target := range []string{srv.URL, "http://localhost:" + u.Port()} {
		resp, err := Guard{}.Client(0).Get(target + "/token")
		if err == nil {
			_ = resp.Body.Close() // best-effort cleanup in a test
			t.Fatalf("%s: a call to a loopback provider went through", target)
		}
		if !errors.Is(err, biz.ErrProviderAddress) {
			t.Fatalf("%s: want ErrProviderAddress, got %v", target, err)
		}
	}
	if hits.Load() != 0 {
		t.Fatalf("the provider was reached %d times", hits.Load())
	}
	resp, err := Guard{AllowPrivate: true}.Client(0).Get("http://localhost:" + u.Port() + "/token")
	if err != nil {
		t.Fatalf("allowed private provider: %v", err)
	}
	_ = resp.Body.Close() // best-effort cleanup in a test
	if hits.Load() != 1 {
		t.Fatalf("allowed private provider: %d hits", hits.Load())
	}
}

func TestRedirectsToInternalAddressesAreRefused(t *testing.T) {
	from, _ := http.NewRequest("GET", "https://idp.example.com/token", nil)
	cases := []struct {
		to     string
		allow  bool
		refuse bool
	}{
		{"http://169.254.169.254/latest/meta-data/", false, true},
		{"http://127.0.0.1:6379/", false, true},
		{"http://localhost/", false, true},
		{"file:///etc/passwd", false, true},
		{"https://idp.example.com/userinfo", false, false},
		{"http://127.0.0.1:8080/", true, false},
	}
	for _, c := range cases {
		req, _ := http.NewRequest("GET", c.to, nil)
		err := Guard{AllowPrivate: c.allow}.checkRedirect(req, []*http.Request{from})
		if (err != nil) != c.refuse {
			t.Errorf("redirect to %s (allow %v): err %v, want refused %v", c.to, c.allow, err, c.refuse)
		}
	}
}
