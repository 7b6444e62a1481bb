// Package conf holds the configuration of every Anquan target: embedded
// defaults for the all-in-one binary, overridden by a YAML file and ANQUAN_*
// environment variables, read through kratos config (a file source and an
// env source); command-line flags, applied by the caller, win over both.
package conf

import (
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-kratos/kratos/v2/config"
	"github.com/go-kratos/kratos/v2/config/env"
	kfile "github.com/go-kratos/kratos/v2/config/file"
	"gopkg.in/yaml.v3"
)

// Config is one process's configuration.
type Config struct {
	// Target names the components to run: all, gateway, auth, system, user, desk.
	Target string `yaml:"target"`
	// HTTP is the public listen address (gateway, or health/metrics of a lone service).
	HTTP string `yaml:"http"`
	// GRPC is the listen address of a lone service's gRPC server.
	GRPC string `yaml:"grpc"`
	// Data is the folder for embedded databases, NATS storage, keys and files.
	Data string `yaml:"data"`
	// Web is the folder of the built web app served at /.
	Web string `yaml:"web"`

	DB       DB                `yaml:"db"`
	Redis    Redis             `yaml:"redis"`
	NATS     NATS              `yaml:"nats"`
	Services map[string]string `yaml:"services"`
	Security Security          `yaml:"security"`
	Log      Log               `yaml:"log"`
	Tracing  Tracing           `yaml:"tracing"`
	Gateway  Gateway           `yaml:"gateway"`
	Storage  Storage           `yaml:"storage"`
	// InProc "off" makes the services of one process call each other and
	// the gateway call them through their gRPC sockets instead of their
	// in-process channels (kit/server.Local): a comparison, a debugging aid.
	InProc string `yaml:"inproc"`
	MQTT   MQTT   `yaml:"mqtt"`
	AIChat AIChat `yaml:"aichat"`
	Video  Video  `yaml:"video"`
}

// AIChat configures the safety assistant: without Upstream.BaseURL it
// answers with its embedded engine (knowledge base and tools); with it, an
// OpenAI-compatible model server (vLLM, Ollama, DeepSeek, Qwen) answers,
// calling the same tools.
type AIChat struct {
	Upstream Upstream `yaml:"upstream"`
	// RatePerMinute is each user's budget of answers per minute on each
	// replica (default 30; ANQUAN_AICHAT_RATE).
	RatePerMinute int `yaml:"ratePerMinute"`
}

// Upstream is an OpenAI-compatible model server: BaseURL ends where
// /chat/completions is appended (https://api.deepseek.com/v1).
type Upstream struct {
	BaseURL string `yaml:"baseURL"`
	APIKey  string `yaml:"apiKey"`
	Model   string `yaml:"model"`
	// Timeout of one upstream call, e.g. "120s" (default 120s).
	Timeout string `yaml:"timeout"`
}

// Video is the video-surveillance service's platform: the built-in
// simulator (Platform "" or "simulator"), Dahua ICC ("icc") or
// WVP-GB28181-pro ("wvp") at URL with its account. SimAlarms is how often
// the simulator raises a demo AI alarm on a simulated camera (a Go
// duration, "off" for never; default 2m).
type Video struct {
	Platform  string `yaml:"platform"`
	URL       string `yaml:"url"`
	Username  string `yaml:"username"`
	Password  string `yaml:"password"`
	SimAlarms string `yaml:"simAlarms"`
}

// MQTT is where monitor's gateways publish: the embedded broker of the
// all-in-one on Listen (default 127.0.0.1:1884, "off" for none), or, when
// URL is set (tcp://host:1883), an external broker monitor subscribes to
// (production: the broker authenticates the gateways).
type MQTT struct {
	Listen   string `yaml:"listen"`
	URL      string `yaml:"url"`
	Username string `yaml:"username"`
	Password string `yaml:"password"`
}

// DB chooses the relational engine. DSN may hold {db}, replaced by the
// service's database name (anquan_<service> unless Prefix says otherwise).
type DB struct {
	Driver string `yaml:"driver"` // sqlite (default), postgres, mysql
	DSN    string `yaml:"dsn"`
	Prefix string `yaml:"prefix"`
	// MaxOpen bounds each service's pool.
	MaxOpen int `yaml:"maxOpen"`
	// Migrate says what a starting service does with schema migrations
	// (kit/migrate): "auto" applies the pending ones, "verify" refuses to
	// start while any is pending (`anquan migrate` applies them once per
	// deploy). Empty: auto on SQLite (the all-in-one), verify otherwise.
	Migrate string `yaml:"migrate"`
}

// MigrateMode is the effective db.migrate: auto or verify.
func (d DB) MigrateMode() string {
	if d.Migrate != "" {
		return d.Migrate
	}
	if d.Driver == "sqlite" || d.Driver == "" {
		return "auto"
	}
	return "verify"
}

// Redis: empty Addr means the in-process cache.
type Redis struct {
	Addr     string `yaml:"addr"`
	Password string `yaml:"password"`
	DB       int    `yaml:"db"`
	Prefix   string `yaml:"prefix"`
}

// NATS: empty URL means the embedded server with JetStream under Data/nats.
type NATS struct {
	URL    string `yaml:"url"`
	Stream string `yaml:"stream"`
}

// Security holds keys and switches.
type Security struct {
	// PasswordKey is the AES-128 key (16 bytes) of the password transport format.
	PasswordKey string `yaml:"passwordKey"`
	// JWTPrivateKey / JWTPublicKey: PEM files; generated under Data/keys when empty.
	JWTPrivateKey string `yaml:"jwtPrivateKey"`
	JWTPublicKey  string `yaml:"jwtPublicKey"`
	// JWTPreviousPublicKeys: PEM files of keys signed with before a rotation;
	// tokens they signed stay valid until they expire, so rotating the
	// signing key logs nobody out. Drop them after the longest access TTL.
	JWTPreviousPublicKeys []string `yaml:"jwtPreviousPublicKeys"`
	// InternalSecret authenticates service-to-service calls; generated when empty.
	InternalSecret string `yaml:"internalSecret"`
	// Captcha requires the captcha grant for the web client (ANQUAN_CAPTCHA=off disables).
	Captcha bool `yaml:"captcha"`
	// AllowPrivateIdP lets social-login providers (their tokenUrl and
	// userInfoUrl) live on loopback, link-local, private or metadata
	// addresses, for on-premise identity providers. Off by default: the
	// server refuses to call such addresses (ANQUAN_ALLOW_PRIVATE_IDP=on).
	AllowPrivateIdP bool `yaml:"allowPrivateIdP"`
}

type Log struct {
	Level  string `yaml:"level"`
	Access bool   `yaml:"access"`
}

type Tracing struct {
	// OTLPEndpoint (host:port, OTLP/HTTP); empty keeps the exporter off.
	OTLPEndpoint string `yaml:"otlpEndpoint"`
}

type Gateway struct {
	// BodyLimit in bytes for request bodies.
	BodyLimit int64 `yaml:"bodyLimit"`
	// TokenRate is the per-IP token endpoint budget per minute.
	TokenRate int `yaml:"tokenRate"`
	// CORSOrigins are the other origins (scheme://host[:port]) whose pages
	// may call the API; none by default (the web app is served same-origin
	// and needs none). "*" allows any origin, never with credentials.
	CORSOrigins []string `yaml:"corsOrigins"`
	// TrustedProxies are the addresses or CIDRs of the proxies in front of
	// the gateway (ingress, load balancer). X-Forwarded-For is read only when
	// the peer is one of them, and the client is the rightmost address that
	// is not; none by default (loopback included), so the peer is the client.
	TrustedProxies []string `yaml:"trustedProxies"`
}

// Storage keeps uploaded files: a folder under Data (local, the default) or
// an S3-compatible object store (MinIO and the like) in production.
type Storage struct {
	Driver string `yaml:"driver"` // local (default) or s3
	// Dir of the local driver; empty means Data/files.
	Dir string `yaml:"dir"`
	// Endpoint of the S3 driver, e.g. http://minio:9000 (path-style addressing).
	Endpoint  string `yaml:"endpoint"`
	Region    string `yaml:"region"`
	Bucket    string `yaml:"bucket"`
	AccessKey string `yaml:"accessKey"`
	SecretKey string `yaml:"secretKey"`
	// MaxUpload is the largest accepted file in bytes. Files stream from
	// the gateway through blade-resource into storage (never whole in
	// memory), so it is bounded by disk, not by memory or a message size:
	// blade-resource enforces it while the file arrives, the gateway lets
	// upload bodies up to it plus 4 MiB (framing, bytes in flight) through.
	MaxUpload int64 `yaml:"maxUpload"`
}

// DefaultPasswordKey is the embedded password-transport key; change it in production.
const DefaultPasswordKey = "AnquanSecretKey1"

// Default returns the embedded defaults of `anquan --target=all`.
func Default() *Config {
	return &Config{
		Target:   "all",
		HTTP:     "127.0.0.1:8080",
		Data:     "./data",
		Web:      "./web/dist",
		DB:       DB{Driver: "sqlite", Prefix: "anquan_", MaxOpen: 10},
		NATS:     NATS{Stream: "ANQUAN"},
		Services: map[string]string{},
		Security: Security{PasswordKey: DefaultPasswordKey, Captcha: true},
		Log:      Log{Level: "info", Access: true},
		Gateway:  Gateway{BodyLimit: 10 << 20, TokenRate: 60},
		Storage:  Storage{Driver: "local", Region: "us-east-1", MaxUpload: 20 << 20},
		MQTT:     MQTT{Listen: "127.0.0.1:1884"},
	}
}

// envKey is where the decoder files the ANQUAN_* variables in kratos'
// merged map, apart from the file's keys, so each variable reaches exactly
// the field ApplyEnv maps it to.
const envKey = "__env"

// yamlFile reads any file as YAML, whatever its name ends with (kratos picks
// the format from the extension), as Load always has.
type yamlFile struct{ config.Source }

func (f yamlFile) Load() ([]*config.KeyValue, error) {
	kvs, err := f.Source.Load()
	for _, kv := range kvs {
		kv.Format = "yaml"
	}
	return kvs, err
}

// Watch takes no inotify watch (nothing reloads; a process short of inotify
// instances would otherwise fail to start): kratos' env watcher only waits
// for Stop.
func (yamlFile) Watch() (config.Watcher, error) { return env.NewWatcher() }

// Load applies, over the embedded defaults, the optional YAML file, then the
// ANQUAN_* environment (ApplyEnv), both read by one kratos config.
func Load(file string) (*Config, error) {
	c := Default()
	var srcs []config.Source
	if file != "" {
		if _, err := os.Stat(file); err != nil {
			return nil, fmt.Errorf("read config: %w", err)
		}
		srcs = append(srcs, yamlFile{kfile.NewSource(file)})
	}
	srcs = append(srcs, env.NewSource("ANQUAN_"))
	var fileYAML []byte
	var parseErr error
	kc := config.New(config.WithSource(srcs...),
		config.WithDecoder(func(kv *config.KeyValue, target map[string]any) error {
			if kv.Format == "" { // an ANQUAN_* variable, its prefix cut
				target[envKey] = map[string]any{kv.Key: string(kv.Value)}
				return nil
			}
			fileYAML = kv.Value
			// Kept, not returned: kratos logs a failed decode with the
			// whole file, secrets included.
			if err := yaml.Unmarshal(kv.Value, &target); err != nil && parseErr == nil {
				parseErr = err
			}
			return nil
		}),
		// Values are taken verbatim (a DSN or secret may hold "${"), as before.
		config.WithResolver(func(map[string]any) error { return nil }))
	// Load also starts the sources' watchers; Close ends them.
	defer func() { _ = kc.Close() }() // Close only stops the sources' watchers; the values are already loaded
	if err := kc.Load(); err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	// The file fills Config through its YAML tags, not kratos' Scan (JSON):
	// YAML reads `password: 123456` into a string field, JSON refuses it.
	if parseErr == nil && fileYAML != nil {
		parseErr = yaml.Unmarshal(fileYAML, c)
	}
	if parseErr != nil {
		return nil, fmt.Errorf("parse config %s: %w", file, parseErr)
	}
	c.ApplyEnv(func(key string) string {
		v, err := kc.Value(envKey + "." + strings.TrimPrefix(key, "ANQUAN_")).String()
		if err != nil {
			return ""
		}
		return v
	})
	return c, c.Validate()
}

// ServiceNames are the services a deployment can address with
// ANQUAN_<NAME>_ADDR (services.<name> in YAML takes any name).
var ServiceNames = []string{"auth", "system", "user", "desk", "flow", "resource", "factory", "prevention", "workticket", "monitor", "aichat", "education", "contractor", "equipment", "emergency", "video", "positioning", "inspection", "accident",
	"change", "health", "records"}

// ApplyEnv overrides fields from ANQUAN_* variables.
func (c *Config) ApplyEnv(get func(string) string) {
	set := func(key string, dst *string) {
		if v := get(key); v != "" {
			*dst = v
		}
	}
	set("ANQUAN_TARGET", &c.Target)
	set("ANQUAN_HTTP", &c.HTTP)
	set("ANQUAN_GRPC", &c.GRPC)
	set("ANQUAN_DATA", &c.Data)
	set("ANQUAN_WEB", &c.Web)
	set("ANQUAN_INPROC", &c.InProc)
	set("ANQUAN_MQTT", &c.MQTT.Listen)
	set("ANQUAN_AICHAT_BASE_URL", &c.AIChat.Upstream.BaseURL)
	set("ANQUAN_AICHAT_API_KEY", &c.AIChat.Upstream.APIKey)
	set("ANQUAN_AICHAT_MODEL", &c.AIChat.Upstream.Model)
	set("ANQUAN_MQTT_URL", &c.MQTT.URL)
	set("ANQUAN_MQTT_USERNAME", &c.MQTT.Username)
	set("ANQUAN_MQTT_PASSWORD", &c.MQTT.Password)
	set("ANQUAN_VIDEO_PLATFORM", &c.Video.Platform)
	set("ANQUAN_VIDEO_URL", &c.Video.URL)
	set("ANQUAN_VIDEO_USERNAME", &c.Video.Username)
	set("ANQUAN_VIDEO_PASSWORD", &c.Video.Password)
	set("ANQUAN_VIDEO_SIM_ALARMS", &c.Video.SimAlarms)
	set("ANQUAN_DB_DRIVER", &c.DB.Driver)
	set("ANQUAN_DB_DSN", &c.DB.DSN)
	set("ANQUAN_DB_PREFIX", &c.DB.Prefix)
	set("ANQUAN_DB_MIGRATE", &c.DB.Migrate)
	set("ANQUAN_REDIS_ADDR", &c.Redis.Addr)
	set("ANQUAN_REDIS_PREFIX", &c.Redis.Prefix)
	set("ANQUAN_NATS_URL", &c.NATS.URL)
	set("ANQUAN_NATS_STREAM", &c.NATS.Stream)
	set("ANQUAN_PASSWORD_KEY", &c.Security.PasswordKey)
	set("ANQUAN_INTERNAL_SECRET", &c.Security.InternalSecret)
	set("ANQUAN_STORAGE_DRIVER", &c.Storage.Driver)
	set("ANQUAN_STORAGE_DIR", &c.Storage.Dir)
	set("ANQUAN_STORAGE_ENDPOINT", &c.Storage.Endpoint)
	set("ANQUAN_STORAGE_REGION", &c.Storage.Region)
	set("ANQUAN_STORAGE_BUCKET", &c.Storage.Bucket)
	set("ANQUAN_STORAGE_ACCESS_KEY", &c.Storage.AccessKey)
	set("ANQUAN_STORAGE_SECRET_KEY", &c.Storage.SecretKey)
	set("ANQUAN_JWT_PRIVATE_KEY", &c.Security.JWTPrivateKey)
	set("ANQUAN_JWT_PUBLIC_KEY", &c.Security.JWTPublicKey)
	set("ANQUAN_LOG_LEVEL", &c.Log.Level)
	set("ANQUAN_OTLP_ENDPOINT", &c.Tracing.OTLPEndpoint)
	if v := get("ANQUAN_AICHAT_RATE"); v != "" {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			c.AIChat.RatePerMinute = n
		}
	}
	if v := get("ANQUAN_TOKEN_RATE"); v != "" {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			c.Gateway.TokenRate = n
		}
	}
	if v := strings.ToLower(get("ANQUAN_CAPTCHA")); v != "" {
		c.Security.Captcha = !(v == "off" || v == "false" || v == "0")
	}
	if v := strings.ToLower(get("ANQUAN_ALLOW_PRIVATE_IDP")); v != "" {
		c.Security.AllowPrivateIdP = v == "on" || v == "true" || v == "1"
	}
	list := func(key string, dst *[]string) {
		if v := get(key); v != "" {
			*dst = nil
			for _, p := range strings.Split(v, ",") {
				if p = strings.TrimSpace(p); p != "" {
					*dst = append(*dst, p)
				}
			}
		}
	}
	list("ANQUAN_CORS_ORIGINS", &c.Gateway.CORSOrigins)
	list("ANQUAN_TRUSTED_PROXIES", &c.Gateway.TrustedProxies)
	list("ANQUAN_JWT_PREVIOUS_PUBLIC_KEYS", &c.Security.JWTPreviousPublicKeys)
	if v := strings.ToLower(get("ANQUAN_ACCESS_LOG")); v != "" {
		c.Log.Access = !(v == "off" || v == "false" || v == "0")
	}
	for _, svc := range ServiceNames {
		if v := get("ANQUAN_" + strings.ToUpper(svc) + "_ADDR"); v != "" {
			c.Services[svc] = v
		}
	}
}

// Validate rejects configurations that cannot work.
func (c *Config) Validate() error {
	switch c.DB.Driver {
	case "sqlite", "postgres", "mysql":
	default:
		return fmt.Errorf("db.driver %q: use sqlite, postgres or mysql", c.DB.Driver)
	}
	switch c.DB.Migrate {
	case "", "auto", "verify":
	default:
		return fmt.Errorf("db.migrate %q: use auto or verify", c.DB.Migrate)
	}
	if len(c.Security.PasswordKey) != 16 {
		return fmt.Errorf("security.passwordKey must be 16 bytes (AES-128), got %d", len(c.Security.PasswordKey))
	}
	if c.Services == nil {
		c.Services = map[string]string{}
	}
	if _, err := ParsePrefixes(c.Gateway.TrustedProxies); err != nil {
		return fmt.Errorf("gateway.trustedProxies: %w", err)
	}
	return nil
}

// ParsePrefixes reads addresses ("10.0.0.5") and CIDRs ("10.0.0.0/8") as
// prefixes; an address is a prefix of one host.
func ParsePrefixes(list []string) ([]netip.Prefix, error) {
	out := make([]netip.Prefix, 0, len(list))
	for _, s := range list {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		if strings.Contains(s, "/") {
			p, err := netip.ParsePrefix(s)
			if err != nil {
				return nil, fmt.Errorf("%q is not an address or CIDR", s)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(s)
		if err != nil {
			return nil, fmt.Errorf("%q is not an address or CIDR", s)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// Path joins a name under the data folder.
func (c *Config) Path(parts ...string) string {
	return filepath.Join(append([]string{c.Data}, parts...)...)
}
