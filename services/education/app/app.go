// Package app assembles the education service as a component, so the
// all-in-one binary and cmd/education run the same code.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"anquan/education/internal/biz"
	"anquan/education/internal/conf"
	"anquan/education/internal/data"
	grpcserver "anquan/education/internal/server"
	"anquan/education/internal/service"
	"anquan/kit/cache"
	"anquan/kit/obs"
	"anquan/kit/people"
	"anquan/kit/platform"
	"anquan/kit/schedule"
	"anquan/kit/server"
	"anquan/kit/timefmt"
	contractorv1 "anquan/proto/blade/contractor/v1"
	preventionv1 "anquan/proto/blade/prevention/v1"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
)

// App is the education service.
type App struct {
	server.Parts
	in   *platform.Infra
	addr string
}

// New makes the component; addr is its gRPC listen address.
func New(in *platform.Infra, addr string) *App { return &App{in: in, addr: addr} }

func (a *App) Name() string { return conf.Name }

func (a *App) Start(ctx context.Context) error {
	g, err := a.OpenDB(ctx, a.in.Conf, a.in.Bus, conf.Name, data.Migrations)
	if err != nil {
		return err
	}
	if err := data.Seed(ctx, g, time.Now()); err != nil {
		return fmt.Errorf("education seed: %w", err)
	}
	system := systemv1.NewSystemInternalClient(a.in.Dialer.Lazy("system"))
	uc := data.NewEducation(g)
	uc.Roles = data.Roles{C: system, Cache: a.in.Cache}
	uc.People = people.Directory{C: userv1.NewUserInternalClient(a.in.Dialer.Lazy("user"))}
	uc.Reporters = data.Reporters{C: preventionv1.NewPreventionInternalClient(a.in.Dialer.Lazy("prevention"))}
	uc.Holdings = data.Holdings{C: userv1.NewCertificateServiceClient(a.in.Dialer.Lazy("user"))}
	uc.Contractors = data.Contractors{C: contractorv1.NewContractorServiceClient(a.in.Dialer.Lazy("contractor"))}
	uc.Posts = data.Posts{C: systemv1.NewSystemServiceClient(a.in.Dialer.Lazy("system"))}
	uc.Ranking = a.in.Cache
	uc.Events = a.Outbox
	// Business times live in the tenant zone so SQLite text comparisons agree.
	uc.Now = func() time.Time { return time.Now().In(timefmt.Zone) }
	srv, err := grpcserver.New(a.in, a.addr, service.New(uc, data.TenantName(system)))
	if err != nil {
		return err
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		return err
	}
	rctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	a.Cancel = func() { cancel(); wg.Wait() }
	wg.Add(2)
	go func() { defer wg.Done(); remindLoop(rctx, uc, a.in.Cache) }()
	go func() {
		defer wg.Done()
		// The server's clock ends attempts: hand in those past their deadline, once a period
		// across the replicas (kit/schedule). The run at start hands in what ended while the
		// service was down. (TestIntegral's extra point on the CI run was prevention's demo
		// seed still accepting its hazard between the test's two reads, not this sweep: the
		// test now waits for the seed.)
		schedule.Run(rctx, a.in.Cache, "education.sweep", conf.SweepEvery, func(ctx context.Context) {
			jctx, end := obs.StartJob(ctx, "education.sweep")
			defer end()
			if n, err := uc.Sweep(jctx); err != nil {
				slog.Warn("education sweep", "handed_in", n, "err", err)
			}
		})
	}()
	return nil
}

// Shortfall reminder timing (h-edu-matrix): a first run soon after start (a restarted server
// catches up), then hourly; the sent markers make each reminder happen once a month, so the
// hourly run only notices new shortfalls and the month change.
var (
	remindFirst = 30 * time.Second
	remindEvery = time.Hour
)

// remindLoop raises the reminders until ctx ends (kit/schedule.Every), once a period across
// the replicas (schedule.Claimed).
func remindLoop(ctx context.Context, uc *biz.Education, c cache.Cache) {
	const job = "education.short.remind"
	schedule.Every(ctx, job, remindFirst, remindEvery, schedule.Claimed(c, job, remindEvery, uc.RemindAll))
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
