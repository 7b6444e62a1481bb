package gateway

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"anquan/kit/authn"
	"anquan/kit/ident"
	"anquan/kit/obs"
)

// statusWriter remembers the status for logs and metrics.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusWriter) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusWriter) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// observe gives every request an id, its client address (see proxies), a
// log line and a metric labelled by route template; a panic below it
// answers 500 with the envelope.
func observe(accessLog bool, px proxies, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rid := r.Header.Get("X-Request-Id")
		if rid == "" || len(rid) > 64 {
			rid = authn.RandomID(8)
		}
		w.Header().Set("X-Request-Id", rid)
		ip := px.clientIP(r)
		ctx := ident.WithRequestID(r.Context(), rid)
		ctx = ident.WithClientIP(ctx, ip)
		ctx, rt := withRoute(ctx)
		sw := &statusWriter{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				slog.Error("panic in gateway", "path", r.URL.Path, "panic", p, "request_id", rid)
				if sw.status == 0 {
					writeBlade(sw, http.StatusInternalServerError, "服务器异常,请联系管理员 (请求编号 "+rid+")")
				}
			}
			obs.HTTPDuration.WithLabelValues(rt.name, strconv.Itoa(sw.status)).Observe(time.Since(start).Seconds())
			if accessLog {
				attrs := []any{"method", r.Method, "path", r.URL.Path, "status", sw.status, "bytes", sw.bytes, "ms", time.Since(start).Milliseconds(), "ip", ip, "request_id", rid}
				if id := ident.From(r.Context()); id != nil {
					attrs = append(attrs, "tenant", id.TenantID, "user", id.UserID)
				}
				slog.Info("http", attrs...)
			}
		}()
		next.ServeHTTP(sw, r.WithContext(ctx))
	})
}

// limitBody refuses bodies over limit bytes with 413 and the envelope.
func limitBody(limit, uploadLimit int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit := limit
		if strings.HasPrefix(r.URL.Path, uploadPrefix) && uploadLimit > limit {
			limit = uploadLimit
		}
		if r.ContentLength > limit {
			writeBlade(w, http.StatusRequestEntityTooLarge, "请求体过大")
			return
		}
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, limit)
		}
		next.ServeHTTP(w, r)
	})
}

type stoppingKey struct{}

// withStopping lets handlers of long-lived responses see the gateway stop.
func withStopping(c chan struct{}, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), stoppingKey{}, c)))
	})
}

// Stopping is closed when the gateway serving the request stops (never, for
// a request that did not come through it).
func Stopping(ctx context.Context) <-chan struct{} {
	c, _ := ctx.Value(stoppingKey{}).(chan struct{})
	return c
}
