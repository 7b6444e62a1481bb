// Package schedule runs a background job once per period across the
// replicas of a service: each replica ticks, and the first tick of a
// period to claim it in the shared cache (Redis in a cluster, the process's
// own cache in the all-in-one) runs the job; the others skip that period.
package schedule

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"anquan/kit/cache"
	"anquan/kit/obs"
)

// Claim reports whether the caller takes the run of job in the period of
// length every that holds now (periods start at multiples of every since
// the Unix epoch). Exactly one caller per period gets true, whichever
// process it is in, while they share the cache.
func Claim(ctx context.Context, c cache.Cache, job string, every time.Duration, now time.Time) (bool, error) {
	period := now.UnixNano() / int64(every)
	// Kept a period past its end: a late tick of the same period still finds it.
	n, err := c.Incr(ctx, "job:"+job+":"+strconv.FormatInt(period, 10), 2*every)
	return n == 1, err
}

// Run calls fn now and then every period until ctx ends, in the periods
// this replica claims. A period the cache cannot be asked about is skipped
// (the next one retries): two runs at once are what the claim prevents.
func Run(ctx context.Context, c cache.Cache, job string, every time.Duration, fn func(context.Context)) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		ok, err := Claim(ctx, c, job, every, time.Now())
		switch {
		case err != nil:
			slog.Warn("scheduler: cannot claim the period; skipped", "job", job, "err", err)
		case ok:
			fn(ctx)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Every runs fn after first and then every period until ctx ends, as the job name (traced
// and logged): the reminder jobs, whose first run waits a little after start (the services
// they read may still be starting). Their sent markers make a reminder happen once, but two
// replicas running at once could both pass the marker check before either writes it: wrap
// fn in Claimed to run once a period across replicas. A failed run is logged and retried at
// the next period.
func Every(ctx context.Context, job string, first, every time.Duration, fn func(context.Context) (int, error)) {
	wait := first
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = every
		jctx, end := obs.StartJob(ctx, job)
		n, err := fn(jctx)
		end()
		switch {
		case err != nil && ctx.Err() == nil:
			slog.Warn("scheduled job failed", "job", job, "err", err)
		case err == nil && n > 0:
			slog.Info("scheduled job raised events", "job", job, "events", n)
		}
	}
}

// Claimed is fn run only in the periods of length every that the caller claims (Claim), so
// an Every job runs once a period across replicas. A period the cache cannot be asked about
// is skipped with the error (Every logs it; the next period retries), as in Run.
func Claimed(c cache.Cache, job string, every time.Duration, fn func(context.Context) (int, error)) func(context.Context) (int, error) {
	return func(ctx context.Context) (int, error) {
		ok, err := Claim(ctx, c, job, every, time.Now())
		if err != nil || !ok {
			return 0, err
		}
		return fn(ctx)
	}
}
