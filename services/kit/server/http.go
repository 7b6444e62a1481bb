package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/pprof"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"anquan/kit/component"
)

// OpsMux serves /healthz, /readyz and /metrics for a target; parts are
// asked for readiness on each /readyz.
func OpsMux(parts func() []component.Component) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"alive"}`))
	})
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		out := map[string]string{}
		ok := true
		for _, p := range parts() {
			if err := p.Ready(ctx); err != nil {
				out[p.Name()] = err.Error()
				ok = false
			} else {
				out[p.Name()] = "ready"
			}
		}
		w.Header().Set("Content-Type", "application/json")
		if !ok {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"ready": ok, "parts": out})
	})
	mux.Handle("/metrics", promhttp.Handler())
	// Profiles only when asked for: they reveal internals.
	if os.Getenv("ANQUAN_PPROF") == "on" {
		mux.HandleFunc("/debug/pprof/", pprof.Index)
		mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	}
	return mux
}
