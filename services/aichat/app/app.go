// Package app assembles aichat as a component, so the all-in-one binary
// and cmd/aichat run the same code.
package app

import (
	"context"
	"fmt"
	"log/slog"

	"anquan/aichat/internal/biz"
	"anquan/aichat/internal/conf"
	"anquan/aichat/internal/data"
	grpcserver "anquan/aichat/internal/server"
	"anquan/aichat/internal/service"
	"anquan/kit/db"
	"anquan/kit/platform"
	"anquan/kit/server"
	inspectionv1 "anquan/proto/blade/inspection/v1"
	monitorv1 "anquan/proto/blade/monitor/v1"
	preventionv1 "anquan/proto/blade/prevention/v1"
	resourcev1 "anquan/proto/blade/resource/v1"
	userv1 "anquan/proto/blade/user/v1"
	workticketv1 "anquan/proto/blade/workticket/v1"
)

// App is aichat.
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
	kb, err := biz.NewIndex(biz.Regulations)
	if err != nil {
		return fmt.Errorf("aichat knowledge base: %w", err)
	}
	if err := data.Seed(ctx, g, kb); err != nil {
		return fmt.Errorf("aichat seed: %w", err)
	}
	if err := data.SeedDocuments(ctx, g); err != nil {
		return fmt.Errorf("aichat seed documents: %w", err)
	}
	tools := data.Tools{
		Hazard: preventionv1.NewPreventionServiceClient(a.in.Dialer.Lazy("prevention")),
		Permit: workticketv1.NewWorkticketServiceClient(a.in.Dialer.Lazy("workticket")),
		Cert:   userv1.NewCertificateServiceClient(a.in.Dialer.Lazy("user")),
		Task:   inspectionv1.NewInspectionServiceClient(a.in.Dialer.Lazy("inspection")),
		Alarm:  monitorv1.NewMonitorServiceClient(a.in.Dialer.Lazy("monitor")),
	}
	docs := &biz.Docs{Store: data.NewDocuments(g), Files: data.Files{Resource: resourcev1.NewResourceServiceClient(a.in.Dialer.Lazy("resource"))}}
	uc := &biz.Chat{Convs: data.NewConversations(g), Msgs: data.NewMessages(g), Tx: db.NewTransactor(g),
		Embedded: &biz.Embedded{KB: kb, Data: tools, Docs: docs}, Rate: a.in.Conf.AIChat.RatePerMinute, Counts: a.in.Cache}
	if up := a.in.Conf.AIChat.Upstream; up.BaseURL != "" {
		m, err := data.NewUpstream(up)
		if err != nil {
			return err
		}
		uc.Upstream = &biz.Remote{Model: m, KB: kb, Data: tools, Docs: docs}
		uc.UpstreamModel = up.Model
		slog.Info("aichat: answers with the model server", "baseURL", up.BaseURL, "model", up.Model)
	}
	srv, err := grpcserver.New(a.in, a.addr, service.New(uc, docs))
	if err != nil {
		return err
	}
	return a.Serve(srv, conf.Name, a.in.Dialer.SetAddr)
}

// Migrations are the service database's schema migrations (anquan migrate).
var Migrations = data.Migrations
