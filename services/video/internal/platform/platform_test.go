package platform

import (
	"crypto/md5" //nolint:gosec // G501: WVP's login format
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// iccServer answers the ICC subset the adapter uses, as recorded from ICC
// 5.0: a one-shot RSA key, password tokens (the password decrypted and
// checked), refresh, realtime URLs, record query with 2239 for none.
func iccServer(t *testing.T, expiresIn int64) (*httptest.Server, *atomic.Int32, *atomic.Int32) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, _ := x509.MarshalPKIXPublicKey(&key.PublicKey)
	pub := base64.StdEncoding.EncodeToString(der)
	var logins, refreshes atomic.Int32
	write := func(w http.ResponseWriter, code string, data any) {
		_ = json.NewEncoder(w).Encode(map[string]any{"success": code == "0" || code == "1000", "code": code, "errMsg": "msg " + code, "data": data})
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /evo-apigw/evo-oauth/1.0.0/oauth/public-key", func(w http.ResponseWriter, r *http.Request) {
		write(w, "0", map[string]string{"publicKey": pub})
	})
	mux.HandleFunc("POST /evo-apigw/evo-oauth/1.0.0/oauth/extend/token", func(w http.ResponseWriter, r *http.Request) {
		var b map[string]string
		_ = json.NewDecoder(r.Body).Decode(&b)
		enc, _ := base64.StdEncoding.DecodeString(b["password"])
		plain, err := rsa.DecryptPKCS1v15(rand.Reader, key, enc) //nolint:staticcheck // SA1019: ICC's login format
		if err != nil || string(plain) != "pa55" || b["grant_type"] != "password" || b["client_id"] != "web_client" || b["public_key"] != pub {
			write(w, "1009", nil)
			return
		}
		n := logins.Add(1)
		write(w, "0", map[string]any{"access_token": "tok" + string(rune('0'+n)), "refresh_token": "ref", "token_type": "bearer", "expires_in": expiresIn})
	})
	mux.HandleFunc("POST /evo-apigw/evo-oauth/1.0.0/oauth/extend/refresh/token", func(w http.ResponseWriter, r *http.Request) {
		var b map[string]string
		_ = json.NewDecoder(r.Body).Decode(&b)
		if b["refresh_token"] != "ref" {
			write(w, "1010", nil)
			return
		}
		refreshes.Add(1)
		write(w, "0", map[string]any{"access_token": "refreshed", "refresh_token": "ref2", "expires_in": expiresIn})
	})
	authed := func(r *http.Request) bool { return strings.HasPrefix(r.Header.Get("Authorization"), "bearer ") }
	mux.HandleFunc("POST /evo-apigw/admin/API/video/stream/realtime", func(w http.ResponseWriter, r *http.Request) {
		var b struct{ Data map[string]string }
		_ = json.NewDecoder(r.Body).Decode(&b)
		if !authed(r) || b.Data["channelId"] == "" {
			write(w, "27001007", nil)
			return
		}
		write(w, "1000", map[string]string{"url": "http://10.0.0.5:7886/live/cameraid/" + strings.ReplaceAll(b.Data["channelId"], "$", "%24") + "/substream/1." + b.Data["type"]})
	})
	mux.HandleFunc("POST /evo-apigw/admin/API/SS/Record/QueryRecords", func(w http.ResponseWriter, r *http.Request) {
		var b struct{ Data map[string]string }
		_ = json.NewDecoder(r.Body).Decode(&b)
		if b.Data["channelId"] == "empty" {
			write(w, "2239", nil)
			return
		}
		write(w, "1000", map[string]any{"records": []map[string]any{{"channelId": b.Data["channelId"], "startTime": "1767225600", "endTime": "1767229200", "recordName": "r1", "recordSource": "3"}}})
	})
	s := httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s, &logins, &refreshes
}

func TestICC(t *testing.T) {
	s, logins, refreshes := iccServer(t, 7200)
	p, err := New(Config{Kind: "icc", URL: s.URL, Username: "system", Password: "pa55"})
	if err != nil {
		t.Fatal(err)
	}
	icc := p.(*ICC)
	now := time.Unix(1_800_000_000, 0)
	icc.now = func() time.Time { return now }
	u, err := p.LiveURL(t.Context(), "1000005$1$0$1", "flv")
	if err != nil || u != "http://10.0.0.5:7886/live/cameraid/1000005%241%240%241/substream/1.flv?token=tok1" {
		t.Fatalf("live: %q %v", u, err)
	}
	if _, err := p.LiveURL(t.Context(), "c1", "hls"); err != nil || logins.Load() != 1 {
		t.Fatalf("the token is not reused: %v logins %d", err, logins.Load())
	}
	// Near expiry the token is refreshed, not a new login.
	now = now.Add(7200*time.Second - 30*time.Second)
	if tok, err := icc.Token(t.Context()); err != nil || tok != "refreshed" || refreshes.Load() != 1 || logins.Load() != 1 {
		t.Fatalf("refresh: %q %v refreshes %d logins %d", tok, err, refreshes.Load(), logins.Load())
	}
	// A refused refresh falls back to a new login.
	now = now.Add(3 * time.Hour)
	if tok, err := icc.Token(t.Context()); err != nil || tok != "tok2" || logins.Load() != 2 {
		t.Fatalf("login after a refused refresh: %q %v", tok, err)
	}
	recs, err := p.Records(t.Context(), "c1", now.Add(-time.Hour), now)
	if err != nil || len(recs) != 1 || recs[0].Start.Unix() != 1767225600 || recs[0].Source != 3 {
		t.Fatalf("records: %v %v", recs, err)
	}
	if _, err := p.Records(t.Context(), "empty", now.Add(-time.Hour), now); !errors.Is(err, ErrNoRecord) {
		t.Fatalf("2239 is no record: %v", err)
	}
	if _, err := p.LiveURL(t.Context(), "", "flv"); err == nil || !strings.Contains(err.Error(), "27001007") {
		t.Fatalf("a refused call names its code: %v", err)
	}
	// A wrong password is a clear error.
	bad, _ := New(Config{Kind: "icc", URL: s.URL, Username: "system", Password: "wrong"})
	if _, err := bad.LiveURL(t.Context(), "c1", "flv"); err == nil || !strings.Contains(err.Error(), "code 1009") {
		t.Fatalf("wrong password: %v", err)
	}
	// Not JSON.
	html := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("<html>")) }))
	defer html.Close()
	h, _ := New(Config{Kind: "icc", URL: html.URL, Username: "u", Password: "p"})
	if _, err := h.LiveURL(t.Context(), "c1", "flv"); err == nil || !strings.Contains(err.Error(), "not JSON") {
		t.Fatalf("html answer: %v", err)
	}
}

func TestWVP(t *testing.T) {
	sum := md5.Sum([]byte("admin")) //nolint:gosec // G401: WVP's login format
	var logins atomic.Int32
	valid := ""
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/user/login", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("username") != "admin" || r.URL.Query().Get("password") != hex.EncodeToString(sum[:]) {
			_ = json.NewEncoder(w).Encode(map[string]any{"code": 100, "msg": "用户名或密码错误"})
			return
		}
		logins.Add(1)
		valid = "jwt" + string(rune('0'+logins.Load()))
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "msg": "成功", "data": map[string]any{"accessToken": valid}})
	})
	mux.HandleFunc("GET /api/play/start/{dev}/{ch}", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("access-token") != valid {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "data": map[string]any{"app": "rtp", "stream": r.PathValue("dev") + "_" + r.PathValue("ch"),
			"flv": "http://10.0.0.6:80/rtp/" + r.PathValue("dev") + "_" + r.PathValue("ch") + ".live.flv", "hls": "http://10.0.0.6:80/rtp/x/hls.m3u8"}})
	})
	mux.HandleFunc("GET /api/gb_record/query/{dev}/{ch}", func(w http.ResponseWriter, r *http.Request) {
		list := []map[string]any{}
		if r.PathValue("ch") != "none" {
			list = append(list, map[string]any{"name": "a", "startTime": r.URL.Query().Get("startTime"), "endTime": r.URL.Query().Get("endTime")})
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"code": 0, "data": map[string]any{"sumNum": len(list), "recordList": list}})
	})
	s := httptest.NewServer(mux)
	defer s.Close()
	p, err := New(Config{Kind: "wvp", URL: s.URL, Username: "admin", Password: "admin"})
	if err != nil {
		t.Fatal(err)
	}
	u, err := p.LiveURL(t.Context(), "34020000001320000001_34020000001310000001", "flv")
	if err != nil || u != "http://10.0.0.6:80/rtp/34020000001320000001_34020000001310000001.live.flv" {
		t.Fatalf("live: %q %v", u, err)
	}
	// The platform forgot the token: one new login, then the call.
	valid = "rotated"
	logins.Store(1)
	if _, err := p.LiveURL(t.Context(), "d_c", "hls"); err != nil || logins.Load() != 2 {
		t.Fatalf("login after 401: %v logins %d", err, logins.Load())
	}
	from := time.Date(2026, 1, 1, 8, 0, 0, 0, time.Local)
	recs, err := p.Records(t.Context(), "d_c", from, from.Add(time.Hour))
	if err != nil || len(recs) != 1 || !recs[0].Start.Equal(from) {
		t.Fatalf("records: %v %v", recs, err)
	}
	if _, err := p.Records(t.Context(), "d_none", from, from.Add(time.Hour)); !errors.Is(err, ErrNoRecord) {
		t.Fatalf("no record: %v", err)
	}
	if _, err := p.LiveURL(t.Context(), "nochannel", "flv"); err == nil {
		t.Fatal("a channel code without device accepted")
	}
	bad, _ := New(Config{Kind: "wvp", URL: s.URL, Username: "admin", Password: "x"})
	if _, err := bad.LiveURL(t.Context(), "d_c", "flv"); err == nil || !strings.Contains(err.Error(), "用户名或密码错误") {
		t.Fatalf("wrong password: %v", err)
	}
	if _, err := New(Config{Kind: "hik"}); err == nil {
		t.Fatal("unknown platform accepted")
	}
}
