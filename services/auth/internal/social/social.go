// Package social exchanges an OAuth2 authorization code at a provider and
// reads the person's profile (OIDC userinfo or a GitHub-style user object).
package social

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"anquan/auth/internal/biz"
)

// Client talks to providers.
type Client struct{ HTTP *http.Client }

// New with a bounded timeout, through the guard's dialer (see Guard.Client).
func New(g Guard) *Client { return &Client{HTTP: g.Client(10 * time.Second)} }

// Exchange trades code for a token, then fetches the profile.
func (c *Client) Exchange(ctx context.Context, p *biz.SocialProvider, code, redirect string) (*biz.SocialProfile, error) {
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "client_id": {p.ClientID}, "client_secret": {p.ClientSecret}}
	if redirect != "" {
		form.Set("redirect_uri", redirect)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.TokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.SetBasicAuth(url.QueryEscape(p.ClientID), url.QueryEscape(p.ClientSecret))
	var tok struct {
		AccessToken string `json:"access_token"`
		Error       string `json:"error"`
	}
	if err := c.do(req, &tok); err != nil {
		return nil, fmt.Errorf("token: %w", err)
	}
	if tok.AccessToken == "" {
		return nil, fmt.Errorf("token: no access_token (%s)", tok.Error)
	}
	req, err = http.NewRequestWithContext(ctx, http.MethodGet, p.UserInfoURL, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
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
	defer resp.Body.Close()
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
