package biz

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"anquan/kit/errs"
	"anquan/kit/ident"
	"anquan/kit/timefmt"
)

// WeatherParam is the system parameter holding the external provider's URL;
// {lng} and {lat} are replaced by the plant's coordinates.
const WeatherParam = "weather.provider.url"

// WeatherFresh is how old a station reading may be and still count as now.
const WeatherFresh = 30 * time.Minute

// Readings stores the plant's own weather-station readings.
type Readings interface {
	// Latest is the newest reading observed at or after since, or nil.
	Latest(ctx context.Context, since time.Time) (*WeatherReading, error)
	Add(ctx context.Context, r *WeatherReading) error
}

// Provider asks an external weather service (with its own timeout).
type Provider interface {
	Fetch(ctx context.Context, url string) (*Observation, error)
}

// Observation is the weather now, from either source.
type Observation struct {
	Station                                                             string
	Temperature, Humidity, WindSpeed, WindDirection, Pressure, Rainfall float64
	Weather                                                             string
	ObservedAt                                                          time.Time
}

// WeatherAnswer is what getWeather says: an observation and its source, or
// why there is none. Nothing is ever made up.
type WeatherAnswer struct {
	Available bool
	Source    string // station | provider
	Obs       Observation
	Message   string
}

// Messages of the weather look-up.
const (
	NoWeatherSource = "未配置气象数据来源：厂区气象站近 30 分钟无读数，且未配置外部气象服务（系统参数 " + WeatherParam + "）"
)

// WindName is the Chinese name of the wind coming from deg (8 sectors).
func WindName(deg float64) string {
	names := []string{"北风", "东北风", "东风", "东南风", "南风", "西南风", "西风", "西北风"}
	d := math.Mod(math.Mod(deg, 360)+360, 360)
	return names[int(math.Floor((d+22.5)/45))%8]
}

// CurrentWeather: the newest station reading of the last 30 minutes, else
// the configured provider, else a clear message.
func (f *Factory) CurrentWeather(ctx context.Context) (*WeatherAnswer, error) {
	c, err := ident.Caller(ctx)
	if err != nil {
		return nil, err
	}
	now := f.Now()
	r, err := f.Readings.Latest(ctx, now.Add(-WeatherFresh))
	if err != nil {
		return nil, err
	}
	if r != nil {
		return &WeatherAnswer{Available: true, Source: "station", Obs: Observation{
			Station: r.Station, Temperature: r.Temperature, Humidity: r.Humidity, WindSpeed: r.WindSpeed,
			WindDirection: r.WindDirection, Pressure: r.Pressure, Rainfall: r.Rainfall, Weather: r.Weather, ObservedAt: r.ObservedAt,
		}}, nil
	}
	url, found, err := f.Dir.Param(ctx, c.TenantID, WeatherParam)
	if err != nil {
		return nil, err
	}
	url = strings.TrimSpace(url)
	if !found || url == "" {
		return &WeatherAnswer{Message: NoWeatherSource}, nil
	}
	if strings.Contains(url, "{lng}") || strings.Contains(url, "{lat}") {
		e, err := f.Enterprises.FindBy(ctx, "1 = 1")
		if err != nil {
			return nil, err
		}
		if e == nil || (e.Longitude == 0 && e.Latitude == 0) {
			return &WeatherAnswer{Message: "已配置外部气象服务，但企业信息缺少经纬度，无法查询天气"}, nil
		}
		url = strings.NewReplacer("{lng}", strconv.FormatFloat(e.Longitude, 'f', 4, 64),
			"{lat}", strconv.FormatFloat(e.Latitude, 'f', 4, 64)).Replace(url)
	}
	if f.Weather == nil {
		return &WeatherAnswer{Message: NoWeatherSource}, nil
	}
	o, err := f.Weather.Fetch(ctx, url)
	if err != nil {
		return &WeatherAnswer{Message: "外部气象服务暂不可用: " + errs.Message(err)}, nil
	}
	return &WeatherAnswer{Available: true, Source: "provider", Obs: *o}, nil
}

// ValidateReading checks a station reading against physical ranges.
func ValidateReading(r *WeatherReading, observedAt string, now time.Time) error {
	r.Station = strings.TrimSpace(r.Station)
	if r.Station == "" {
		r.Station = "厂区气象站"
	}
	if err := checkLen("气象站名称", r.Station, 100, true); err != nil {
		return err
	}
	if err := checkLen("天气现象", r.Weather, 50, false); err != nil {
		return err
	}
	for _, c := range []struct {
		name      string
		v, lo, hi float64
	}{
		{"温度(℃)", r.Temperature, -60, 70}, {"相对湿度(%)", r.Humidity, 0, 100}, {"风速(m/s)", r.WindSpeed, 0, 100},
		{"风向(°)", r.WindDirection, 0, 360}, {"降雨量(mm)", r.Rainfall, 0, 500},
	} {
		if math.IsNaN(c.v) || c.v < c.lo || c.v > c.hi {
			return errs.BadRequest("%s应在 %g~%g 之间", c.name, c.lo, c.hi)
		}
	}
	if r.Pressure != 0 && (r.Pressure < 300 || r.Pressure > 1200) {
		return errs.BadRequest("气压(hPa)应在 300~1200 之间")
	}
	r.ObservedAt = now
	if s := strings.TrimSpace(observedAt); s != "" {
		t, ok := timefmt.Parse(s)
		if !ok {
			return errs.BadRequest("观测时间格式错误，应为 yyyy-MM-dd HH:mm:ss")
		}
		if t.After(now.Add(5 * time.Minute)) {
			return errs.BadRequest("观测时间不能晚于当前时间")
		}
		r.ObservedAt = t
	}
	return nil
}

// SubmitReading records a reading of the plant's weather station.
func (f *Factory) SubmitReading(ctx context.Context, r *WeatherReading, observedAt string) error {
	if _, err := ident.Caller(ctx); err != nil {
		return err
	}
	if err := ValidateReading(r, observedAt, f.Now()); err != nil {
		return err
	}
	return f.Readings.Add(ctx, r)
}

// String renders an observation for logs.
func (o Observation) String() string {
	return fmt.Sprintf("%s %.1f℃ %.0f%% %s %.1fm/s", o.Station, o.Temperature, o.Humidity, WindName(o.WindDirection), o.WindSpeed)
}
