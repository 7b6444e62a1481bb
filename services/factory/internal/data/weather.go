package data

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"anquan/factory/internal/biz"
	"anquan/kit/errs"
	"anquan/kit/timefmt"
)

// WeatherClient asks an external provider over HTTP. It reads Open-Meteo's
// "current" block (temperature_2m, relative_humidity_2m, wind_speed_10m in
// km/h, wind_direction_10m, surface_pressure, precipitation) or a flat
// object with this API's own field names.
type WeatherClient struct {
	HTTP    *http.Client
	Timeout time.Duration
}

// NewWeatherClient answers within timeout or reports the provider unavailable.
func NewWeatherClient(timeout time.Duration) *WeatherClient {
	return &WeatherClient{HTTP: &http.Client{Timeout: timeout}, Timeout: timeout}
}

type openMeteo struct {
	Current *struct {
		Time          string   `json:"time"`
		Temperature   *float64 `json:"temperature_2m"`
		Humidity      float64  `json:"relative_humidity_2m"`
		WindSpeed     float64  `json:"wind_speed_10m"`
		WindDirection float64  `json:"wind_direction_10m"`
		Pressure      float64  `json:"surface_pressure"`
		Precipitation float64  `json:"precipitation"`
	} `json:"current"`
	// Flat form.
	Temperature   *float64 `json:"temperature"`
	Humidity      float64  `json:"humidity"`
	WindSpeed     float64  `json:"windSpeed"`
	WindDirection float64  `json:"windDirection"`
	Pressure      float64  `json:"pressure"`
	Rainfall      float64  `json:"rainfall"`
	Weather       string   `json:"weather"`
	ObservedAt    string   `json:"observedAt"`
	Station       string   `json:"station"`
}

func (c *WeatherClient) Fetch(ctx context.Context, raw string) (*biz.Observation, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errs.BadRequest("外部气象服务地址不是合法的 http(s) 地址")
	}
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, errs.BadRequest("外部气象服务地址错误")
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return nil, errs.BadRequest("请求失败或超时（%s）", u.Host)
	}
	defer func() { _ = res.Body.Close() }() // read-only response body
	if res.StatusCode != http.StatusOK {
		return nil, errs.BadRequest("服务返回 HTTP %d", res.StatusCode)
	}
	var v openMeteo
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&v); err != nil {
		return nil, errs.BadRequest("返回内容无法解析")
	}
	now := time.Now()
	if cur := v.Current; cur != nil && cur.Temperature != nil {
		o := &biz.Observation{Station: u.Host, Temperature: *cur.Temperature, Humidity: cur.Humidity,
			WindSpeed: cur.WindSpeed / 3.6, WindDirection: cur.WindDirection, Pressure: cur.Pressure,
			Rainfall: cur.Precipitation, ObservedAt: now}
		if t, err := time.Parse("2006-01-02T15:04", cur.Time); err == nil {
			o.ObservedAt = t // Open-Meteo answers GMT unless asked otherwise
		}
		return o, nil
	}
	if v.Temperature == nil {
		return nil, fmt.Errorf("返回内容缺少温度")
	}
	o := &biz.Observation{Station: v.Station, Temperature: *v.Temperature, Humidity: v.Humidity, WindSpeed: v.WindSpeed,
		WindDirection: v.WindDirection, Pressure: v.Pressure, Rainfall: v.Rainfall, Weather: v.Weather, ObservedAt: now}
	if o.Station == "" {
		o.Station = u.Host
	}
	if t, ok := timefmt.Parse(v.ObservedAt); ok {
		o.ObservedAt = t
	}
	return o, nil
}
