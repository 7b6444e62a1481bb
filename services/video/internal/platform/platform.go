// Package platform holds the adapters of the video platforms a deployment
// is configured with (video.platform): Dahua ICC OpenAPI and
// WVP-GB28181-pro, over their HTTP APIs. An adapter answers upstream URLs
// with the platform's credentials in them: they stay in the service, which
// proxies the stream to the browser (see service.Live).
package platform

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Channel is a camera channel of the platform's device tree.
type Channel struct {
	Code       string
	Name       string
	CameraType int32
	Online     bool
}

// Record is a recording of a channel.
type Record struct {
	Start, End time.Time
	Name       string
	Source     int32
}

// Platform is a video platform.
type Platform interface {
	// Kind is "icc" or "wvp" (the cameras' platform value).
	Kind() string
	// LiveURL is the upstream live stream of a channel in format "flv" or
	// "hls", credentials included.
	LiveURL(ctx context.Context, channel, format string) (string, error)
	// Records are the channel's recordings between from and to.
	Records(ctx context.Context, channel string, from, to time.Time) ([]Record, error)
}

// Config chooses and reaches a platform.
type Config struct {
	Kind, URL, Username, Password string
	// ClientID and ClientSecret of ICC's OpenAPI (default web_client, the
	// only pair ICC 5.0.6 and earlier accept).
	ClientID, ClientSecret string
	HTTP                   *http.Client
}

// ErrNoRecord: the platform holds no recording in the range.
var ErrNoRecord = errors.New("no record")

// Error is a refusal of the platform: its code and message.
type Error struct {
	Platform, Op, Code, Msg string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s %s: code %s: %s", e.Platform, e.Op, e.Code, e.Msg)
}

// New makes the configured adapter; nil for the simulator (Kind "" or
// "simulator").
func New(c Config) (Platform, error) {
	if c.HTTP == nil {
		c.HTTP = &http.Client{Timeout: 10 * time.Second}
	}
	switch c.Kind {
	case "", "simulator":
		return nil, nil
	case "icc":
		if c.URL == "" || c.Username == "" {
			return nil, errors.New("video.platform icc needs video.url and video.username")
		}
		if c.ClientID == "" {
			c.ClientID, c.ClientSecret = "web_client", "web_client"
		}
		return &ICC{c: c, now: time.Now}, nil
	case "wvp":
		if c.URL == "" || c.Username == "" {
			return nil, errors.New("video.platform wvp needs video.url and video.username")
		}
		return &WVP{c: c}, nil
	}
	return nil, fmt.Errorf("video.platform %q: simulator, icc or wvp", c.Kind)
}
