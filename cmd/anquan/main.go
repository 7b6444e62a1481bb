// Command anquan runs the Anquan safety-production platform: every service
// and the gateway in one process with embedded infrastructure (the default),
// or one target against PostgreSQL/MySQL, Redis and NATS from a config.
//
// `anquan migrate [--target=<service>|all]` applies the pending schema
// migrations of the target's databases and exits: run once per deploy,
// before the replicas start (they verify the version; see db.migrate).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"anquan/internal/backup"
	"anquan/internal/simulate"
	"anquan/internal/stack"
	"anquan/kit/conf"
	"anquan/kit/obs"
	"anquan/kit/runner"
)

// Set at build time (Makefile, deploy/Dockerfile):
// -ldflags "-X main.version=... -X main.commit=... -X main.built=...".
var (
	version = "1.9.1"
	commit  = "unknown"
	built   = "unknown"
)

func versionLine() string {
	return fmt.Sprintf("anquan %s (commit %s, built %s)", version, commit, built)
}

func main() {
	// `anquan version`: what this binary is (also --version).
	if len(os.Args) > 1 && os.Args[1] == "version" {
		fmt.Println(versionLine())
		return
	}
	// `anquan simulate [flags]`: a stand-in gateway for the demo tenant.
	if len(os.Args) > 1 && os.Args[1] == "simulate" {
		if err := simulate.Main(os.Args[2:]); err != nil && !errors.Is(err, context.Canceled) {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	// `anquan backup --to=DIR`: a consistent copy of an embedded install while it runs.
	if len(os.Args) > 1 && os.Args[1] == "backup" {
		if err := runBackup(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "anquan backup:", err)
			os.Exit(1)
		}
		return
	}
	runner.Exit(run())
}

// runBackup copies the embedded databases, attachments and keys of the data
// folder (docs/OPERATIONS.md); PostgreSQL and MySQL use their own tools.
func runBackup(args []string) error {
	fl := flag.NewFlagSet("backup", flag.ContinueOnError)
	to := fl.String("to", "", "new or empty folder for the copy (required)")
	dataDir := fl.String("data", "", "data folder (env ANQUAN_DATA; default ./data)")
	cfgFile := fl.String("config", os.Getenv("ANQUAN_CONFIG"), "YAML configuration file (env ANQUAN_CONFIG)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *to == "" {
		return errors.New("--to=DIR is required")
	}
	cfg, err := conf.Load(*cfgFile)
	if err != nil {
		return err
	}
	if *dataDir != "" {
		cfg.Data = *dataDir
	}
	if d := cfg.DB.Driver; d != "" && d != "sqlite" {
		return fmt.Errorf("the databases are on %s: back them up with its own tools (pg_dump, mysqldump; docs/OPERATIONS.md)", d)
	}
	r, err := backup.Embedded(context.Background(), cfg.Data, *to)
	if err != nil {
		return err
	}
	fmt.Printf("backed up %d databases (%s) and %s to %s, %d bytes\n", len(r.Databases), strings.Join(r.Databases, ", "),
		strings.Join(r.Folders, ", "), *to, r.Bytes)
	if cfg.Storage.Driver == "s3" {
		fmt.Println("attachments are in S3: back the bucket up with its own tools")
	}
	return nil
}

func run() error {
	args := os.Args[1:]
	migrate := len(args) > 0 && args[0] == "migrate"
	if migrate {
		args = args[1:]
	}
	var (
		target  = flag.String("target", "", "what to run: "+strings.Join(stack.Targets(), "|")+" (env ANQUAN_TARGET; default all)")
		httpAdr = flag.String("http", "", "HTTP listen address (env ANQUAN_HTTP; default 127.0.0.1:8080)")
		grpcAdr = flag.String("grpc", "", "gRPC listen address of a lone service (env ANQUAN_GRPC)")
		dataDir = flag.String("data", "", "data folder for embedded databases, NATS, keys (env ANQUAN_DATA; default ./data)")
		cfgFile = flag.String("config", os.Getenv("ANQUAN_CONFIG"), "YAML configuration file (env ANQUAN_CONFIG)")
		webDir  = flag.String("web", "", "built web app folder (env ANQUAN_WEB; default ./web/dist)")
		mqttAdr = flag.String("mqtt", "", "embedded MQTT broker address of monitor, or off (env ANQUAN_MQTT; default 127.0.0.1:1884)")
		showVer = flag.Bool("version", false, "print the version and exit")
	)
	flag.CommandLine.Usage = func() {
		_, _ = fmt.Fprintf(flag.CommandLine.Output(), "usage: anquan [flags]            run the target\n       anquan migrate [flags]    apply the target's pending schema migrations and exit\n       anquan simulate [flags]   publish demo telemetry (anquan simulate -h)\n       anquan backup --to=DIR    copy an embedded install's databases, attachments and keys while it runs\n       anquan version            print version, commit and build time\n")
		flag.PrintDefaults()
	}
	if err := flag.CommandLine.Parse(args); err != nil {
		return err
	}
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (the commands are migrate, simulate, backup and version, before the flags)", flag.Arg(0))
	}
	if *showVer {
		fmt.Println(versionLine())
		return nil
	}
	cfg, err := conf.Load(*cfgFile)
	if err != nil {
		return err
	}
	// Flags win over the environment, which wins over the file.
	for _, f := range []struct {
		v   string
		dst *string
	}{{*target, &cfg.Target}, {*httpAdr, &cfg.HTTP}, {*grpcAdr, &cfg.GRPC}, {*dataDir, &cfg.Data}, {*webDir, &cfg.Web}, {*mqttAdr, &cfg.MQTT.Listen}} {
		if f.v != "" {
			*f.dst = f.v
		}
	}
	if migrate {
		obs.SetupLogs(cfg.Log.Level)
		return stack.Migrate(context.Background(), cfg)
	}
	start := time.Now()
	s, err := stack.Build(context.Background(), cfg)
	if err != nil {
		return err
	}
	defer s.FlushTraces()
	ops := ""
	if s.Gateway == nil {
		ops = cfg.HTTP // a lone service serves its own health and metrics
	}
	return runner.Run(context.Background(), s.Infra, s.Parts, runner.Options{OpsAddr: ops, Ready: func() {
		slog.Info("anquan ready", "target", cfg.Target, "http", cfg.HTTP, "data", cfg.Data, "ms", time.Since(start).Milliseconds())
	}})
}
