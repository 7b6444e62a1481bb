// Package simulate is `anquan simulate`: a stand-in gateway that publishes
// drifting values of the demo tenant's points over MQTT, with a combustible
// gas excursion now and then so the alarm path can be watched end to end,
// and the positions of the demo people walking the plant (positioning).
package simulate

import (
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"math"
	"math/rand/v2"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// Point is a simulated point: a value drifting around Nominal within Noise.
type Point struct {
	Code           string
	Nominal, Noise float64
	// Quiet [from, to) minutes of each hour the point sends nothing (a
	// flaky transmitter, so the online rate is not 100 % everywhere).
	Quiet [2]int
	value float64
}

// Demo are the demo gateway's points (services/monitor's seed).
func Demo() []*Point {
	return []*Point{
		{Code: "GT-101", Nominal: 3, Noise: 1}, {Code: "GT-102", Nominal: 2, Noise: 1}, {Code: "GT-103", Nominal: 2, Noise: 1},
		{Code: "AT-201", Nominal: 1, Noise: 0.5}, {Code: "OT-201", Nominal: 20.9, Noise: 0.1},
		{Code: "LT-101", Nominal: 6, Noise: 0.2}, {Code: "PT-101", Nominal: 4, Noise: 0.5}, {Code: "TT-101", Nominal: 22, Noise: 0.5},
		{Code: "LT-102", Nominal: 5, Noise: 0.2}, {Code: "PT-102", Nominal: 3.5, Noise: 0.5},
		{Code: "PT-201", Nominal: 2.8, Noise: 0.1}, {Code: "TT-201", Nominal: 160, Noise: 2}, {Code: "TT-301", Nominal: 24, Noise: 0.5, Quiet: [2]int{20, 25}},
	}
}

// step moves each value a little towards a random walk around its nominal;
// during an excursion GT-101 climbs past its level 1 (25 %LEL). A point
// in its quiet minutes is left out.
func step(points []*Point, excursion float64, now time.Time) map[string]float64 {
	out := make(map[string]float64, len(points))
	for _, p := range points {
		if m := now.Minute(); m >= p.Quiet[0] && m < p.Quiet[1] {
			continue
		}
		if p.value == 0 {
			p.value = p.Nominal
		}
		//nolint:gosec // G404: simulated readings, not security
		p.value += (rand.Float64()*2-1)*p.Noise*0.3 + (p.Nominal-p.value)*0.1
		v := p.value
		if p.Code == "GT-101" {
			v += excursion
		}
		out[p.Code] = math.Round(v*100) / 100
	}
	return out
}

// Main runs the simulator with its own flags (args after "simulate").
func Main(args []string) error {
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	broker := fs.String("broker", "tcp://127.0.0.1:1884", "MQTT broker (the all-in-one's embedded broker by default)")
	tenant := fs.String("tenant", "100001", "tenant id")
	gateway := fs.String("gateway", "demo-gw", "gateway code")
	secret := fs.String("secret", "demo-gw", "gateway secret")
	every := fs.Duration("every", 2*time.Second, "publish interval")
	cycle := fs.Duration("excursion", 2*time.Minute, "how often GT-101 has a gas excursion (0 = never)")
	count := fs.Int("count", 0, "stop after this many messages (0 = run until interrupted)")
	walk := fs.Bool("people", true, "also publish the demo people's positions (anquan/<tenant>/<gateway>/position)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	opts := paho.NewClientOptions().AddBroker(*broker).SetClientID(fmt.Sprintf("anquan-simulate-%d", time.Now().UnixNano())).
		SetUsername(*tenant + ":" + *gateway).SetPassword(*secret).SetAutoReconnect(true).SetConnectTimeout(10 * time.Second)
	c := paho.NewClient(opts)
	if tok := c.Connect(); !tok.WaitTimeout(15*time.Second) || tok.Error() != nil {
		return fmt.Errorf("connect %s as %s:%s: %v", *broker, *tenant, *gateway, tok.Error())
	}
	defer c.Disconnect(500)
	topic := "anquan/" + *tenant + "/" + *gateway + "/telemetry"
	slog.Info("simulating", "broker", *broker, "topic", topic, "every", every.String())
	points := Demo()
	people := DemoPeople()
	posTopic := "anquan/" + *tenant + "/" + *gateway + "/position"
	start := time.Now()
	t := time.NewTicker(*every)
	defer t.Stop()
	for n := 0; *count == 0 || n < *count; n++ {
		// An excursion lasts a fifth of the cycle: a rise to ~35 %LEL and back.
		exc := 0.0
		if *cycle > 0 {
			phase := math.Mod(time.Since(start).Seconds(), cycle.Seconds()) / cycle.Seconds()
			if phase > 0.5 && phase < 0.7 {
				exc = 32 * math.Sin((phase-0.5)/0.2*math.Pi)
			}
		}
		b, err := json.Marshal(map[string]any{"ts": time.Now().UnixMilli(), "values": step(points, exc, time.Now())})
		if err != nil {
			return err
		}
		if tok := c.Publish(topic, 1, false, b); tok.WaitTimeout(5*time.Second) && tok.Error() != nil {
			return tok.Error()
		}
		if *walk {
			p, err := json.Marshal(fixes(people, *every, time.Now()))
			if err != nil {
				return err
			}
			if tok := c.Publish(posTopic, 1, false, p); tok.WaitTimeout(5*time.Second) && tok.Error() != nil {
				return tok.Error()
			}
		}
		if *count != 0 && n+1 == *count {
			break
		}
		<-t.C
	}
	return nil
}
