// Package app assembles prevention (双重预防) as a component, so the
// all-in-one binary and cmd/prevention run the same code.
package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"anquan/kit/bus"
	"anquan/kit/db"
	"anquan/kit/obs"
	"anquan/kit/people"
	"anquan/kit/platform"
	"anquan/kit/schedule"
	"anquan/kit/server"
	"anquan/kit/timefmt"
	"anquan/prevention/internal/biz"
	"anquan/prevention/internal/conf"
	"anquan/prevention/internal/data"
	grpcserver "anquan/prevention/internal/server"
	"anquan/prevention/internal/service"
	factoryv1 "anquan/proto/blade/factory/v1"
	flowv1 "anquan/proto/blade/flow/v1"
	systemv1 "anquan/proto/blade/system/v1"
	userv1 "anquan/proto/blade/user/v1"
	workticketv1 "anquan/proto/blade/workticket/v1"
)

// App is the prevention service.
type App struct {
	server.Parts
	in   *platform.Infra
	addr string
	// UC is exposed for tests and the benchmark of the all-in-one stack.
	UC *biz.Prevention
}

// New makes the component; addr is its gRPC listen address.
func New(in *platform.Infra, addr string) *App { return &App{in: in, addr: addr} }

func (a *App) Name() string { return conf.Name }

func (a *App) Start(ctx context.Context) error {
	g, err := a.OpenDB(ctx, a.in.Conf, a.in.Bus, conf.Name, data.Migrations)
	if err != nil {
		return err
	}
	st := data.NewStores(g)
	fac := data.Factory{
		C: factoryv1.NewFactoryInternalClient(a.in.Dialer.Lazy("factory")),
		S: factoryv1.NewFactoryServiceClient(a.in.Dialer.Lazy("factory")),
	}
	uc := &biz.Prevention{
		Objects: st.Objects, Units: st.Units, REvents: st.Events, Measures: st.Measures, Plans: st.Plans,
		Tasks: st.Tasks, Records: st.Records, Hazards: st.Hazards, Intakes: data.Intakes{G: g},
		Q: data.NewQueries(g, st), Tx: db.NewTransactor(g),
		Areas: fac,
		Flow:  data.Flow{C: flowv1.NewFlowInternalClient(a.in.Dialer.Lazy("flow"))},
		// Business times live in the tenant zone so SQLite text comparisons agree.
		Outbox: a.Outbox, Now: func() time.Time { return time.Now().In(timefmt.Zone) },
	}
	uc.Enterprise = fac
	system := systemv1.NewSystemInternalClient(a.in.Dialer.Lazy("system"))
	uc.Params = data.Params{C: system}
	uc.Roles = data.Roles{C: system}
	uc.People = people.Directory{C: userv1.NewUserInternalClient(a.in.Dialer.Lazy("user"))}
	uc.WorkTickets = data.Workticket{C: workticketv1.NewWorkticketInternalClient(a.in.Dialer.Lazy("workticket"))}.CountToday
	a.UC = uc
	srv, err := grpcserver.New(a.in, a.addr, service.New(uc))
	if err != nil {
		return err
	}
	if err := a.Serve(srv, conf.Name, a.in.Dialer.SetAddr); err != nil {
		return err
	}

	// Background work: the demo seed (it waits for factory and flow to
	// answer) and the scheduler. Stop cancels and waits for both.
	rctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	a.Cancel = func() { cancel(); wg.Wait() }
	// Hidden dangers raised by other services' events (one durable consumer
	// shared by every replica).
	if a.in.Bus != nil {
		if err := a.in.Bus.Subscribe(rctx, conf.IntakeConsumer, []string{biz.IntakeSubject}, intake(uc)); err != nil {
			cancel()
			return fmt.Errorf("prevention intake consumer: %w", err)
		}
	}
	wg.Add(2)
	go func() {
		defer wg.Done()
		seed(rctx, uc)
	}()
	go func() {
		defer wg.Done()
		// Once a period across the replicas (kit/schedule).
		schedule.Run(rctx, a.in.Cache, "prevention.schedule", conf.SchedulerEvery, uc.Tick)
	}()
	return nil
}

// intake hands an event to biz; a malformed one is logged and dropped
// (a redelivery would fail the same way), anything else is retried.
func intake(uc *biz.Prevention) bus.Handler {
	return func(ctx context.Context, e bus.Event) error {
		var in biz.HazardIntake
		if err := json.Unmarshal(e.Data, &in); err != nil {
			slog.Warn("prevention intake: event data is not a hazard; dropped", "subject", e.Subject, "id", e.ID, "err", err)
			return nil
		}
		err := uc.Intake(ctx, e.TenantID, e.OccurredAt, in)
		var bad biz.IntakeError
		if errors.As(err, &bad) {
			slog.Warn("prevention intake: hazard refused; dropped", "subject", e.Subject, "id", e.ID, "source", in.Source, "sourceId", in.SourceID, "err", bad.Msg)
			return nil
		}
		return err
	}
}

// seed retries a few times: the services it reads (factory areas, flow)
// may start after this one in the microservice shape.
func seed(ctx context.Context, uc *biz.Prevention) {
	for i := 0; i < 6; i++ {
		jctx, end := obs.StartJob(ctx, "prevention.seed")
		err := uc.Seed(jctx)
		end()
		if err == nil || ctx.Err() != nil {
			return
		}
		slog.Warn("prevention seed", "attempt", i+1, "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
	}
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
