// Package social exchanges an OAuth2 authorization code at a provider and
// reads the person's profile (OIDC userinfo or a GitHub-style user object).
package social

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"golang.org/x/oauth2"

	"anquan/auth/internal/biz"
)

// Client talks to providers.
type Client struct {
	HTTP *http.Client
	// token is HTTP for the token call, reading a JSON answer whatever
	// type it is labelled with (see jsonAnswers).
	token *http.Client

	// configs keeps one oauth2.Config per provider settings: the library
	// remembers, per Config, which way of sending the client credentials
	// (Basic auth or the form) the provider accepted, so only the first
	// exchange may need two token calls. A settings change is a new key.
	mu      sync.Mutex
	configs map[configKey]*oauth2.Config
}

type configKey struct{ tokenURL, clientID, secret string }

// maxConfigs bounds the cache; providers are a handful per tenant, so
// reaching it means churn, and starting over costs one detection each.
const maxConfigs = 1024

func (c *Client) config(p *biz.SocialProvider) *oauth2.Config {
	k := configKey{p.TokenURL, p.ClientID, p.ClientSecret}
	c.mu.Lock()
	defer c.mu.Unlock()
	if cfg, ok := c.configs[k]; ok {
		return cfg
	}
	if c.configs == nil || len(c.configs) >= maxConfigs {
		c.configs = map[configKey]*oauth2.Config{}
	}
	cfg := &oauth2.Config{
		ClientID:     p.ClientID,
		ClientSecret: p.ClientSecret,
		// The providers are configured by hand (OIDC, GitHub, Gitee, in-house
		// ones): oauth2 tries client credentials in Basic auth, then in the
		// form, as each accepts, and remembers the answer in this Config.
		Endpoint: oauth2.Endpoint{TokenURL: p.TokenURL, AuthStyle: oauth2.AuthStyleAutoDetect},
	}
	c.configs[k] = cfg
	return cfg
}

// New with a bounded timeout, through the guard's dialer (see Guard.Client).
func New(g Guard) *Client {
	h := g.Client(10 * time.Second)
	t := *h
	t.Transport = jsonAnswers{h.Transport}
	return &Client{HTTP: h, token: &t}
}

// jsonAnswers asks for JSON, and labels a JSON object answered as
// text/plain (in-house providers often do not set the type) as JSON:
// oauth2 reads text/plain as a form-encoded answer (GitHub's old form),
// and would find no access_token in it.
type jsonAnswers struct{ base http.RoundTripper }

func (j jsonAnswers) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Accept", "application/json")
	resp, err := j.base.RoundTrip(req)
	if err != nil || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		return resp, err
	}
	br := bufio.NewReader(resp.Body)
	if b, _ := br.Peek(1); len(b) == 1 && b[0] == '{' {
		resp.Header.Set("Content-Type", "application/json")
	}
	resp.Body = struct {
		io.Reader
		io.Closer
	}{br, resp.Body}
	return resp, nil
}

// Exchange trades code for a token (golang.org/x/oauth2, through the
// guarded client: the token call dials, redirects and times out exactly as
// the userinfo call does), then fetches the profile.
func (c *Client) Exchange(ctx context.Context, p *biz.SocialProvider, code, redirect string) (*biz.SocialProfile, error) {
	// The redirect is the request's own (it must match the authorization
	// request), so it is a parameter of this exchange, not of the Config.
	tok, err := c.config(p).Exchange(context.WithValue(ctx, oauth2.HTTPClient, c.token), code,
		oauth2.SetAuthURLParam("redirect_uri", redirect))
	if err != nil {
		return nil, fmt.Errorf("token: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.UserInfoURL, nil)
	if err != nil {
		return nil, err
	}
	tok.SetAuthHeader(req)
	req.Header.Set("Accept", "application/json")
	var info map[string]any
	if err := c.do(req, &info); err != nil {
		return nil, fmt.Errorf("userinfo: %w", err)
	}
	prof := &biz.SocialProfile{
		UUID:     str(info, "sub", "id", "openid", "uuid"),
		Username: str(info, "preferred_username", "login", "username", "email", "sub"),
		Nickname: str(info, "name", "nickname", "nick_name"),
		Avatar:   str(info, "picture", "avatar_url", "avatar"),
		Email:    str(info, "email"),
	}
	if prof.UUID == "" {
		return nil, fmt.Errorf("userinfo: no subject")
	}
	return prof, nil
}

func (c *Client) do(req *http.Request, out any) error {
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = resp.Body.Close() }() // read-only response body
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return json.Unmarshal(body, out)
}

func str(m map[string]any, keys ...string) string {
	for _, k := range keys {
		switch v := m[k].(type) {
		case string:
			if v != "" {
				return v
			}
		case float64:
			return fmt.Sprintf("%.0f", v)
		}
	}
	return ""
}
