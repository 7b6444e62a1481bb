package sim

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"time"

	"anquan/video/internal/biz"
)

// AlarmTypes the simulated AI box detects.
var alarmTypes = []string{"helmet", "smoking", "intrusion", "fire", "phone", "vest", "sleep"}

// RunAlarms raises, every `every`, one AI alarm of a random type on a random
// simulated camera (through the same ingest as a pushed alarm: dedupe,
// event, live stream) until ctx ends.
func RunAlarms(ctx context.Context, every time.Duration, cameras func(context.Context) ([]biz.Camera, error), ingest func(context.Context, string, biz.Push) (*biz.Alarm, bool, error)) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		cams, err := cameras(ctx)
		if err != nil {
			slog.Warn("video simulator: cameras unreadable", "err", err)
			continue
		}
		if len(cams) == 0 {
			continue
		}
		c := cams[rand.IntN(len(cams))]               //nolint:gosec // G404: a demo's choice, not a secret
		typ := alarmTypes[rand.IntN(len(alarmTypes))] //nolint:gosec // G404: as above
		conf := 0.7 + float64(rand.IntN(29))/100      //nolint:gosec // G404: as above
		if _, _, err := ingest(ctx, c.TenantID, biz.Push{ChannelCode: c.ChannelCode, AlarmType: typ, Confidence: conf, Source: "simulator",
			Image: Still(&c, time.Now())}); err != nil {
			slog.Warn("video simulator: alarm refused", "camera", c.ChannelCode, "err", err)
		}
	}
}
