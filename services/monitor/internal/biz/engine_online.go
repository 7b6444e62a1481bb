package biz

import (
	"context"
	"log/slog"
	"time"

	"anquan/kit/idgen"
)

// SpanSink stores online spans: a span without EndAt is new (inserted), one
// with EndAt ends the stored span of the same ID.
type SpanSink interface {
	SaveSpan(ctx context.Context, s OnlineSpan) error
}

// seen records a sample's arrival at at: a point that was offline opens a
// span (the only write while it stays online).
func (e *Engine) seen(st *pointState, at time.Time) {
	st.seenAt = at
	if st.span != nil {
		return
	}
	sp := OnlineSpan{ID: idgen.Next(), TenantID: st.conf.TenantID, PointID: st.conf.ID, StartAt: at}
	st.span = &sp
	e.online[st.conf.ID] = st
	e.spanOut(sp)
}

// expireOnline ends the span of each online point without a sample for
// OfflineWindow: it ended OfflineWindow after its last sample.
func (e *Engine) expireOnline(now time.Time) {
	for id, st := range e.online {
		if OnlineAt(st.seenAt, st.conf.ExpectInterval, now) {
			continue
		}
		e.endSpan(st, st.seenAt.Add(OfflineWindow(st.conf.ExpectInterval)))
		delete(e.online, id)
	}
}

// endSpan ends a point's open span at end (at most now: a removed point or
// a stopping engine ends it when it stops being watched).
func (e *Engine) endSpan(st *pointState, end time.Time) {
	if st.span == nil {
		return
	}
	if now := e.Clock(); end.After(now) {
		end = now
	}
	if end.Before(st.span.StartAt) {
		end = st.span.StartAt
	}
	sp := *st.span
	sp.EndAt = &end
	st.span = nil
	e.spanOut(sp)
}

// endAllSpans ends every open span (the engine stops).
func (e *Engine) endAllSpans() {
	for id, st := range e.online {
		e.endSpan(st, st.seenAt.Add(OfflineWindow(st.conf.ExpectInterval)))
		delete(e.online, id)
	}
}

// spanOut queues a span write. Spans change only when a point goes online
// or offline, so the queue is rarely more than empty; when it is full the
// loop waits rather than leave a span open for ever.
func (e *Engine) spanOut(sp OnlineSpan) {
	if e.Spans == nil {
		return
	}
	e.spans <- sp
}

func (e *Engine) spanWriter() {
	defer e.wg.Done()
	for sp := range e.spans {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := e.Spans.SaveSpan(ctx, sp); err != nil {
			slog.Error("monitor: online span not stored", "point", sp.PointID, "err", err)
		}
		cancel()
	}
}
