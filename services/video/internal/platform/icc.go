package platform

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ICC is Dahua ICC's OpenAPI (evo-apigw): password-mode tokens from the
// one-shot RSA public key, refreshed before they expire.
type ICC struct {
	c   Config
	now func() time.Time

	mu      sync.Mutex
	token   string
	refresh string
	expires time.Time
}

func (p *ICC) Kind() string { return "icc" }

type iccAnswer struct {
	Success *bool           `json:"success"`
	Code    json.RawMessage `json:"code"`
	ErrMsg  string          `json:"errMsg"`
	Data    json.RawMessage `json:"data"`
}

func (a *iccAnswer) code() string {
	var s string
	if json.Unmarshal(a.Code, &s) == nil {
		return s
	}
	return strings.Trim(string(a.Code), `"`)
}

// call posts body (GET when nil) to path and decodes the answer; ok are the
// success codes of that API (ICC's differ between subsystems).
func (p *ICC) call(ctx context.Context, op, method, path, token string, body any, ok ...string) (*iccAnswer, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(p.c.URL, "/")+path, rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "bearer "+token)
	}
	res, err := p.c.HTTP.Do(req)
	if err != nil {
		return nil, fmt.Errorf("icc %s: %w", op, err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err != nil {
		return nil, fmt.Errorf("icc %s: %w", op, err)
	}
	var a iccAnswer
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, &Error{Platform: "icc", Op: op, Code: strconv.Itoa(res.StatusCode), Msg: "answer is not JSON"}
	}
	c := a.code()
	for _, k := range ok {
		if c == k {
			return &a, nil
		}
	}
	if a.Success != nil && *a.Success && (c == "" || len(ok) == 0) {
		return &a, nil
	}
	return &a, &Error{Platform: "icc", Op: op, Code: c, Msg: a.ErrMsg}
}

type iccToken struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	ExpiresIn    int64  `json:"expires_in"`
}

// Token is a valid access token: the cached one, a refreshed one when it
// expires within a minute, else a new login.
func (p *ICC) Token(ctx context.Context) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.now()
	if p.token != "" && now.Add(time.Minute).Before(p.expires) {
		return p.token, nil
	}
	if p.refresh != "" {
		a, err := p.call(ctx, "refresh", http.MethodPost, "/evo-apigw/evo-oauth/1.0.0/oauth/extend/refresh/token", "", map[string]string{
			"grant_type": "refresh_token", "client_id": p.c.ClientID, "client_secret": p.c.ClientSecret, "refresh_token": p.refresh}, "0", "1000")
		if err == nil && p.keep(a, now) == nil {
			return p.token, nil
		}
		p.refresh = "" // expired or refused: log in again
	}
	a, err := p.call(ctx, "public-key", http.MethodGet, "/evo-apigw/evo-oauth/1.0.0/oauth/public-key", "", nil, "0", "1000")
	if err != nil {
		return "", err
	}
	var pk struct {
		PublicKey string `json:"publicKey"`
	}
	if json.Unmarshal(a.Data, &pk) != nil || pk.PublicKey == "" {
		return "", &Error{Platform: "icc", Op: "public-key", Msg: "no publicKey in the answer"}
	}
	enc, err := encryptPassword(pk.PublicKey, p.c.Password)
	if err != nil {
		return "", err
	}
	a, err = p.call(ctx, "token", http.MethodPost, "/evo-apigw/evo-oauth/1.0.0/oauth/extend/token", "", map[string]string{
		"grant_type": "password", "username": p.c.Username, "password": enc, "client_id": p.c.ClientID,
		"client_secret": p.c.ClientSecret, "public_key": pk.PublicKey}, "0", "1000")
	if err != nil {
		return "", err
	}
	if err := p.keep(a, now); err != nil {
		return "", err
	}
	return p.token, nil
}

func (p *ICC) keep(a *iccAnswer, now time.Time) error {
	var t iccToken
	if json.Unmarshal(a.Data, &t) != nil || t.AccessToken == "" {
		return &Error{Platform: "icc", Op: "token", Msg: "no access_token in the answer"}
	}
	if t.ExpiresIn <= 0 {
		t.ExpiresIn = 7200
	}
	p.token, p.refresh, p.expires = t.AccessToken, t.RefreshToken, now.Add(time.Duration(t.ExpiresIn)*time.Second)
	return nil
}

// encryptPassword: RSA PKCS#1 v1.5 with the one-shot public key (base64
// X.509), base64 of the result.
func encryptPassword(publicKey, password string) (string, error) {
	der, err := base64.StdEncoding.DecodeString(publicKey)
	if err != nil {
		return "", &Error{Platform: "icc", Op: "public-key", Msg: "publicKey is not base64"}
	}
	k, err := x509.ParsePKIXPublicKey(der)
	if err != nil {
		return "", &Error{Platform: "icc", Op: "public-key", Msg: "publicKey is not an X.509 key"}
	}
	rk, ok := k.(*rsa.PublicKey)
	if !ok {
		return "", &Error{Platform: "icc", Op: "public-key", Msg: "publicKey is not RSA"}
	}
	out, err := rsa.EncryptPKCS1v15(rand.Reader, rk, []byte(password)) //nolint:staticcheck // SA1019: ICC's login format is PKCS#1 v1.5 (not our choice)
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(out), nil
}

// LiveURL asks for the channel's realtime stream (main stream) and appends
// the token, as ICC expects.
func (p *ICC) LiveURL(ctx context.Context, channel, format string) (string, error) {
	if format != "flv" && format != "hls" {
		return "", fmt.Errorf("icc live: format %q", format)
	}
	tok, err := p.Token(ctx)
	if err != nil {
		return "", err
	}
	a, err := p.call(ctx, "realtime", http.MethodPost, "/evo-apigw/admin/API/video/stream/realtime", tok,
		map[string]any{"data": map[string]string{"channelId": channel, "streamType": "1", "type": format}}, "0", "1000")
	if err != nil {
		return "", err
	}
	return withToken(a, tok)
}

func withToken(a *iccAnswer, tok string) (string, error) {
	var d struct {
		URL string `json:"url"`
	}
	if json.Unmarshal(a.Data, &d) != nil || d.URL == "" {
		return "", &Error{Platform: "icc", Op: "stream", Msg: "no url in the answer"}
	}
	u, err := url.Parse(d.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return "", &Error{Platform: "icc", Op: "stream", Msg: "the url is not http(s)"}
	}
	q := u.Query()
	q.Set("token", tok)
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// Records queries all recordings (all sources, all types) of a channel.
func (p *ICC) Records(ctx context.Context, channel string, from, to time.Time) ([]Record, error) {
	tok, err := p.Token(ctx)
	if err != nil {
		return nil, err
	}
	a, err := p.call(ctx, "records", http.MethodPost, "/evo-apigw/admin/API/SS/Record/QueryRecords", tok, map[string]any{"data": map[string]string{
		"channelId": channel, "recordSource": "1", "startTime": strconv.FormatInt(from.Unix(), 10), "endTime": strconv.FormatInt(to.Unix(), 10),
		"streamType": "0", "recordType": "0"}}, "1000", "0")
	var pe *Error
	if errors.As(err, &pe) && pe.Code == "2239" {
		return nil, ErrNoRecord
	}
	if err != nil {
		return nil, err
	}
	var d struct {
		Records []struct {
			StartTime    json.Number `json:"startTime"`
			EndTime      json.Number `json:"endTime"`
			RecordName   string      `json:"recordName"`
			RecordSource json.Number `json:"recordSource"`
		} `json:"records"`
	}
	if err := json.Unmarshal(a.Data, &d); err != nil {
		return nil, &Error{Platform: "icc", Op: "records", Msg: "records unreadable"}
	}
	out := make([]Record, 0, len(d.Records))
	for _, r := range d.Records {
		s, _ := r.StartTime.Int64()
		e, _ := r.EndTime.Int64()
		src, _ := strconv.ParseInt(r.RecordSource.String(), 10, 32)
		out = append(out, Record{Start: time.Unix(s, 0), End: time.Unix(e, 0), Name: r.RecordName, Source: int32(src)})
	}
	return out, nil
}

// Channels walks the organisation/device tree one level (the root's
// channels); deeper trees are followed by their node ids.
func (p *ICC) Channels(ctx context.Context) ([]Channel, error) {
	tok, err := p.Token(ctx)
	if err != nil {
		return nil, err
	}
	var out []Channel
	queue := []string{""}
	for n := 0; len(queue) > 0 && n < 200; n++ {
		id := queue[0]
		queue = queue[1:]
		a, err := p.call(ctx, "tree", http.MethodPost, "/evo-apigw/admin/API/org_dev/tree", tok,
			map[string]any{"data": map[string]any{"id": id, "typeCode": "01;0;ALL;ALL", "checkStat": 0}}, "0", "1000")
		if err != nil {
			return nil, err
		}
		var d struct {
			Value []struct {
				ID          string `json:"id"`
				Name        string `json:"name"`
				ChannelCode string `json:"channelCode"`
				CameraType  string `json:"cameraType"`
				IsOnline    string `json:"isOnline"`
				IsParent    bool   `json:"isParent"`
			} `json:"value"`
		}
		if err := json.Unmarshal(a.Data, &d); err != nil {
			return nil, &Error{Platform: "icc", Op: "tree", Msg: "tree unreadable"}
		}
		for _, v := range d.Value {
			if v.ChannelCode != "" {
				t, _ := strconv.ParseInt(v.CameraType, 10, 32)
				out = append(out, Channel{Code: v.ChannelCode, Name: v.Name, CameraType: int32(t), Online: v.IsOnline == "1"})
			} else if v.IsParent && v.ID != "" {
				queue = append(queue, v.ID)
			}
		}
	}
	return out, nil
}
