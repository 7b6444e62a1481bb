package data

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"anquan/kit/errs"
)

func TestWeatherClientReadsOpenMeteoAndFlatAnswersAndTimesOut(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/open-meteo":
			_, _ = w.Write([]byte(`{"current":{"time":"2026-11-21T02:00","temperature_2m":12.5,"relative_humidity_2m":70,"wind_speed_10m":18,"wind_direction_10m":45,"surface_pressure":1016}}`))
		case "/flat":
			_, _ = w.Write([]byte(`{"temperature":9,"humidity":40,"windSpeed":2,"windDirection":180,"weather":"晴","station":"园区站"}`))
		case "/slow":
			time.Sleep(300 * time.Millisecond)
		case "/broken":
			w.WriteHeader(http.StatusBadGateway)
		default:
			_, _ = w.Write([]byte(`{"hello":"world"}`))
		}
	}))
	defer srv.Close()
	c := NewWeatherClient(100 * time.Millisecond)
	ctx := context.Background()

	o, err := c.Fetch(ctx, srv.URL+"/open-meteo")
	if err != nil || o.Temperature != 12.5 || o.WindSpeed != 5 || o.WindDirection != 45 || o.Pressure != 1016 {
		t.Fatalf("open-meteo: %+v %v", o, err)
	}
	o, err = c.Fetch(ctx, srv.URL+"/flat")
	if err != nil || o.Temperature != 9 || o.Weather != "晴" || o.Station != "园区站" {
		t.Fatalf("flat: %+v %v", o, err)
	}
	for path, msg := range map[string]string{"/slow": "超时", "/broken": "HTTP 502", "/other": "缺少温度"} {
		if _, err := c.Fetch(ctx, srv.URL+path); err == nil || !strings.Contains(errs.Message(err)+err.Error(), msg) {
			t.Errorf("%s: got %v, want %q", path, err, msg)
		}
	}
	if _, err := c.Fetch(ctx, "file:///etc/passwd"); err == nil || !strings.Contains(errs.Message(err), "http(s)") {
		t.Errorf("file URL: %v", err)
	}
}
