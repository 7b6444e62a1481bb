package platform

import (
	"context"
	"crypto/md5" //nolint:gosec // G501: WVP's login takes the password's MD5 hex; not our choice of hash
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// WVP is WVP-GB28181-pro's REST API: a login token in the access-token
// header, logged in again when refused with 401.
type WVP struct {
	c     Config
	mu    sync.Mutex
	token string
}

func (p *WVP) Kind() string { return "wvp" }

type wvpAnswer struct {
	Code int             `json:"code"`
	Msg  string          `json:"msg"`
	Data json.RawMessage `json:"data"`
}

func (p *WVP) do(ctx context.Context, op, path string, q url.Values, token string) (*wvpAnswer, int, error) {
	u := strings.TrimRight(p.c.URL, "/") + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, 0, err
	}
	if token != "" {
		req.Header.Set("access-token", token)
	}
	res, err := p.c.HTTP.Do(req)
	if err != nil {
		return nil, 0, fmt.Errorf("wvp %s: %w", op, err)
	}
	defer func() { _ = res.Body.Close() }()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err != nil {
		return nil, 0, fmt.Errorf("wvp %s: %w", op, err)
	}
	if res.StatusCode == http.StatusUnauthorized {
		return nil, 401, &Error{Platform: "wvp", Op: op, Code: "401", Msg: "unauthorized"}
	}
	var a wvpAnswer
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, res.StatusCode, &Error{Platform: "wvp", Op: op, Code: fmt.Sprint(res.StatusCode), Msg: "answer is not JSON"}
	}
	if a.Code != 0 {
		return &a, a.Code, &Error{Platform: "wvp", Op: op, Code: fmt.Sprint(a.Code), Msg: a.Msg}
	}
	return &a, 0, nil
}

func (p *WVP) login(ctx context.Context) (string, error) {
	sum := md5.Sum([]byte(p.c.Password)) //nolint:gosec // G401: WVP's login format
	a, _, err := p.do(ctx, "login", "/api/user/login", url.Values{"username": {p.c.Username}, "password": {hex.EncodeToString(sum[:])}}, "")
	if err != nil {
		return "", err
	}
	var d struct {
		AccessToken string `json:"accessToken"`
	}
	if json.Unmarshal(a.Data, &d) != nil || d.AccessToken == "" {
		return "", &Error{Platform: "wvp", Op: "login", Msg: "no accessToken in the answer"}
	}
	return d.AccessToken, nil
}

// call runs a GET with the token, logging in first or again after a 401.
func (p *WVP) call(ctx context.Context, op, path string, q url.Values) (*wvpAnswer, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for try := 0; try < 2; try++ {
		if p.token == "" {
			t, err := p.login(ctx)
			if err != nil {
				return nil, err
			}
			p.token = t
		}
		a, code, err := p.do(ctx, op, path, q, p.token)
		if code == 401 {
			p.token = ""
			continue
		}
		return a, err
	}
	return nil, &Error{Platform: "wvp", Op: op, Code: "401", Msg: "refused after a new login"}
}

// splitChannel: a WVP channel is "<deviceId>_<channelId>" (the camera's
// channel code).
func splitChannel(channel string) (string, string, error) {
	d, c, ok := strings.Cut(channel, "_")
	if !ok || d == "" || c == "" {
		return "", "", fmt.Errorf("wvp channel %q: want <deviceId>_<channelId>", channel)
	}
	return url.PathEscape(d), url.PathEscape(c), nil
}

// LiveURL starts the channel's live play and answers its FLV or HLS URL.
func (p *WVP) LiveURL(ctx context.Context, channel, format string) (string, error) {
	d, c, err := splitChannel(channel)
	if err != nil {
		return "", err
	}
	a, err := p.call(ctx, "play", "/api/play/start/"+d+"/"+c, nil)
	if err != nil {
		return "", err
	}
	var s struct {
		FLV string `json:"flv"`
		HLS string `json:"hls"`
	}
	if json.Unmarshal(a.Data, &s) != nil {
		return "", &Error{Platform: "wvp", Op: "play", Msg: "stream unreadable"}
	}
	u := s.FLV
	if format == "hls" {
		u = s.HLS
	}
	if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
		return "", &Error{Platform: "wvp", Op: "play", Msg: "no " + format + " url in the answer"}
	}
	return u, nil
}

const wvpTime = "2006-01-02 15:04:05"

// Records queries the device's recordings of the channel.
func (p *WVP) Records(ctx context.Context, channel string, from, to time.Time) ([]Record, error) {
	d, c, err := splitChannel(channel)
	if err != nil {
		return nil, err
	}
	a, err := p.call(ctx, "records", "/api/gb_record/query/"+d+"/"+c, url.Values{"startTime": {from.Format(wvpTime)}, "endTime": {to.Format(wvpTime)}})
	if err != nil {
		return nil, err
	}
	var ri struct {
		RecordList []struct {
			Name      string `json:"name"`
			StartTime string `json:"startTime"`
			EndTime   string `json:"endTime"`
		} `json:"recordList"`
	}
	if json.Unmarshal(a.Data, &ri) != nil {
		return nil, &Error{Platform: "wvp", Op: "records", Msg: "records unreadable"}
	}
	if len(ri.RecordList) == 0 {
		return nil, ErrNoRecord
	}
	out := make([]Record, 0, len(ri.RecordList))
	for _, r := range ri.RecordList {
		s, err1 := time.ParseInLocation(wvpTime, r.StartTime, time.Local)
		e, err2 := time.ParseInLocation(wvpTime, r.EndTime, time.Local)
		if err1 != nil || err2 != nil {
			return nil, &Error{Platform: "wvp", Op: "records", Msg: "a record time is not yyyy-MM-dd HH:mm:ss"}
		}
		out = append(out, Record{Start: s, End: e, Name: r.Name, Source: 2})
	}
	return out, nil
}
