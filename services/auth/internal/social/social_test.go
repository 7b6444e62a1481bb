package social

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"anquan/auth/internal/biz"
)

// provider is an OIDC-like provider: "good-code" with the right client gives
// a token, the token gives the profile.
func provider(t *testing.T) (*httptest.Server, *atomic.Int32) {
	calls := &atomic.Int32{}
	mux := http.NewServeMux()
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		id, secret, ok := r.BasicAuth()
		if !ok {
			id, secret = r.FormValue("client_id"), r.FormValue("client_secret")
		}
		if r.FormValue("code") != "good-code" || r.FormValue("grant_type") != "authorization_code" || r.FormValue("redirect_uri") != "https://app.example/cb" || id != "anquan" || secret != "s3cret&x" {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(400)
			_ = json.NewEncoder(w).Encode(map[string]string{"error": "invalid_grant"})
			return
		}
		// No Content-Type: Go labels the JSON text/plain, as in-house providers do.
		_ = json.NewEncoder(w).Encode(map[string]string{"access_token": "provider-token", "token_type": "bearer"})
	})
	mux.HandleFunc("/userinfo", func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.Header.Get("Authorization") != "Bearer provider-token" {
			w.WriteHeader(401)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"id": 42, "login": "octo", "name": "访客"})
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, calls
}

func TestExchange(t *testing.T) {
	srv, _ := provider(t)
	p := &biz.SocialProvider{ClientID: "anquan", ClientSecret: "s3cret&x", TokenURL: srv.URL + "/token", UserInfoURL: srv.URL + "/userinfo"}
	c := New(Guard{AllowPrivate: true})
	prof, err := c.Exchange(context.Background(), p, "good-code", "https://app.example/cb")
	if err != nil || prof.UUID != "42" || prof.Username != "octo" || prof.Nickname != "访客" {
		t.Fatalf("exchange: %+v %v", prof, err)
	}
	if _, err := c.Exchange(context.Background(), p, "bad-code", "https://app.example/cb"); err == nil {
		t.Fatal("a refused code gave a profile")
	}
}

// The token call goes through the guard's client: a provider on loopback is
// refused before any request reaches it, with the error biz names.
func TestExchangeIsGuarded(t *testing.T) {
	srv, calls := provider(t)
	p := &biz.SocialProvider{ClientID: "anquan", ClientSecret: "s3cret&x", TokenURL: srv.URL + "/token", UserInfoURL: srv.URL + "/userinfo"}
	_, err := New(Guard{}).Exchange(context.Background(), p, "good-code", "https://app.example/cb")
	if !errors.Is(err, biz.ErrProviderAddress) {
		t.Fatalf("want ErrProviderAddress, got %v", err)
	}
	if n := calls.Load(); n != 0 {
		t.Fatalf("the provider on loopback was reached %d times", n)
	}
}

// A provider that takes client credentials only in the form: the first
// exchange finds that out (Basic auth refused, then the form), later ones
// go straight to the form: one token call each.
func TestAuthStyleIsRememberedPerProvider(t *testing.T) {
	var tokenCalls atomic.Int32
	mux := http.NewServeMux()
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		tokenCalls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		if _, _, basic := r.BasicAuth(); basic || r.FormValue("client_secret") != "s3cret" {
			w.WriteHeader(401)
			_ = json.NewEncoder(w).Encode(map[string]string{"error": "invalid_client"})
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"access_token": "t", "token_type": "bearer"})
	})
	mux.HandleFunc("/userinfo", func(w http.ResponseWriter, _ *http.Request) {
		_ = json.NewEncoder(w).Encode(map[string]any{"sub": "u1"})
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	p := &biz.SocialProvider{ClientID: "anquan", ClientSecret: "s3cret", TokenURL: srv.URL + "/token", UserInfoURL: srv.URL + "/userinfo"}
	c := New(Guard{AllowPrivate: true})
	for i, want := range []int32{2, 1, 1} {
		tokenCalls.Store(0)
		if _, err := c.Exchange(context.Background(), p, "code", "https://app.example/cb"); err != nil {
			t.Fatalf("exchange %d: %v", i, err)
		}
		if got := tokenCalls.Load(); got != want {
			t.Fatalf("exchange %d made %d token calls, want %d", i, got, want)
		}
	}
}
