package obs

import (
	"context"
	"fmt"
	"log/slog"

	klog "github.com/go-kratos/kratos/v2/log"
)

// kratosLog sends kratos' own log lines (server listening, stopping, forced
// stops) to slog, so a process writes one JSON log. Its info lines become
// debug: they repeat what the runner's "started" lines already say.
type kratosLog struct{}

func (kratosLog) Log(level klog.Level, kv ...any) error {
	l := slog.LevelDebug
	switch level {
	case klog.LevelWarn:
		l = slog.LevelWarn
	case klog.LevelError, klog.LevelFatal:
		l = slog.LevelError
	}
	msg := "kratos"
	attrs := make([]any, 0, len(kv))
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i] == klog.DefaultMessageKey {
			msg = fmt.Sprint(kv[i+1])
			continue
		}
		attrs = append(attrs, fmt.Sprint(kv[i]), kv[i+1])
	}
	slog.Log(context.Background(), l, msg, attrs...)
	return nil
}

func init() { klog.SetLogger(kratosLog{}) }
