// Package chart checks the Helm chart offline: helm's own lint, then the
// manifests rendered with the default and the production values decoded
// strictly into the Kubernetes API types, with the properties an operator
// relies on (probes, limits, autoscaling, disruption budgets, hooks).
package chart

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"helm.sh/helm/v3/pkg/chart/loader"
	"helm.sh/helm/v3/pkg/chartutil"
	"helm.sh/helm/v3/pkg/engine"
	"helm.sh/helm/v3/pkg/lint"
	"helm.sh/helm/v3/pkg/lint/support"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/yaml"
)

const chartDir = "../../charts/anquan"

// rendered is one values file's manifests, by kind and name.
type rendered struct {
	deployments map[string]*appsv1.Deployment
	services    map[string]*corev1.Service
	hpas        map[string]*autoscalingv2.HorizontalPodAutoscaler
	pdbs        map[string]*policyv1.PodDisruptionBudget
	jobs        map[string]*batchv1.Job
	configMaps  map[string]*corev1.ConfigMap
	secrets     map[string]*corev1.Secret
	policies    map[string]*networkingv1.NetworkPolicy
	ingresses   map[string]*networkingv1.Ingress
	other       map[string]string // kind/name -> raw (ServiceMonitor)
}

func render(t *testing.T, valuesFile string, extraAPIs ...string) *rendered {
	t.Helper()
	return renderWith(t, valuesFile, nil, extraAPIs...)
}

// renderWith renders a values file with some values changed first.
func renderWith(t *testing.T, valuesFile string, change func(vals map[string]any), extraAPIs ...string) *rendered {
	t.Helper()
	ch, err := loader.Load(chartDir)
	if err != nil {
		t.Fatal(err)
	}
	vals := map[string]any{}
	if valuesFile != "" {
		b, err := os.ReadFile(filepath.Join(chartDir, valuesFile)) //nolint:gosec // G304: the chart's own values files
		if err != nil {
			t.Fatal(err)
		}
		if err := yaml.Unmarshal(b, &vals); err != nil {
			t.Fatal(err)
		}
	}
	if change != nil {
		change(vals)
	}
	caps := chartutil.DefaultCapabilities.Copy()
	caps.APIVersions = append(caps.APIVersions, extraAPIs...)
	top, err := chartutil.ToRenderValues(ch, vals, chartutil.ReleaseOptions{Name: "anquan", Namespace: "plant", IsInstall: true}, caps)
	if err != nil {
		t.Fatal(err)
	}
	files, err := engine.Render(ch, top)
	if err != nil {
		t.Fatal(err)
	}
	r := &rendered{
		deployments: map[string]*appsv1.Deployment{}, services: map[string]*corev1.Service{},
		hpas: map[string]*autoscalingv2.HorizontalPodAutoscaler{}, pdbs: map[string]*policyv1.PodDisruptionBudget{},
		jobs: map[string]*batchv1.Job{}, configMaps: map[string]*corev1.ConfigMap{}, secrets: map[string]*corev1.Secret{},
		policies: map[string]*networkingv1.NetworkPolicy{}, ingresses: map[string]*networkingv1.Ingress{}, other: map[string]string{},
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if strings.HasSuffix(n, "NOTES.txt") {
			continue
		}
		for _, doc := range strings.Split(files[n], "\n---") {
			if strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(doc), "---")) == "" {
				continue
			}
			r.add(t, n, doc)
		}
	}
	return r
}

// strict decodes a manifest into its API type, refusing unknown fields, so a
// misspelt or misplaced key fails here rather than being dropped by the API server.
func strict(t *testing.T, file, doc string, into any) {
	t.Helper()
	js, err := yaml.YAMLToJSON([]byte(doc))
	if err != nil {
		t.Fatalf("%s: %v\n%s", file, err, doc)
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		t.Fatalf("%s: %v\n%s", file, err, doc)
	}
}

func (r *rendered) add(t *testing.T, file, doc string) {
	var head struct {
		Kind     string `json:"kind"`
		Metadata struct {
			Name string `json:"name"`
		} `json:"metadata"`
	}
	if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	decode, ok := r.kinds()[head.Kind]
	if !ok {
		t.Fatalf("%s: unexpected kind %q", file, head.Kind)
	}
	decode(t, file, doc, head.Metadata.Name)
}

// decoder stores one manifest of a kind under its name.
type decoder func(t *testing.T, file, doc, name string)

// into decodes a manifest strictly into its API type T and keeps it in m.
func into[T any](m map[string]*T) decoder {
	return func(t *testing.T, file, doc, name string) {
		o := new(T)
		strict(t, file, doc, o)
		m[name] = o
	}
}

// kinds is every kind the chart may render, with where it goes.
func (r *rendered) kinds() map[string]decoder {
	return map[string]decoder{
		"Deployment":              into(r.deployments),
		"Service":                 into(r.services),
		"HorizontalPodAutoscaler": into(r.hpas),
		"PodDisruptionBudget":     into(r.pdbs),
		"Job":                     into(r.jobs),
		"ConfigMap":               into(r.configMaps),
		"Secret":                  into(r.secrets),
		"NetworkPolicy":           into(r.policies),
		"Ingress":                 into(r.ingresses),
		// A CRD of the Prometheus operator: kept raw, not a dependency.
		"ServiceMonitor": func(_ *testing.T, _, doc, name string) { r.other["ServiceMonitor/"+name] = doc },
	}
}

// targets reads the chart's target list (internal/stack's test holds it equal
// to what `anquan --target=` accepts).
func targets(t *testing.T, valuesFile string) []string {
	b, err := os.ReadFile(filepath.Join(chartDir, valuesFile)) //nolint:gosec // G304: the chart's own values files
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Targets map[string]any `json:"targets"`
	}
	if err := yaml.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	out := make([]string, 0, len(v.Targets))
	for k := range v.Targets {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestLint(t *testing.T) {
	for _, vf := range []string{"values.yaml", "values-production.yaml"} {
		b, err := os.ReadFile(filepath.Join(chartDir, vf)) //nolint:gosec // G304: the chart's own values files
		if err != nil {
			t.Fatal(err)
		}
		vals := map[string]any{}
		if err := yaml.Unmarshal(b, &vals); err != nil {
			t.Fatal(err)
		}
		res := lint.AllWithKubeVersion(chartDir, vals, "plant", nil)
		for _, m := range res.Messages {
			if m.Severity >= support.WarningSev {
				t.Errorf("helm lint %s: %s", vf, m)
			}
		}
	}
}

func TestRenderedManifests(t *testing.T) {
	for _, vf := range []string{"values.yaml", "values-production.yaml"} {
		t.Run(vf, func(t *testing.T) {
			r := render(t, vf)
			tg := targets(t, "values.yaml")
			if len(r.deployments) != len(tg) {
				t.Fatalf("%d Deployments for %d targets", len(r.deployments), len(tg))
			}
			for _, name := range tg {
				full := "anquan-" + name
				d := r.deployments[full]
				if d == nil {
					t.Fatalf("target %s has no Deployment", name)
				}
				pod := d.Spec.Template.Spec
				if len(pod.Containers) != 1 {
					t.Fatalf("%s: %d containers", name, len(pod.Containers))
				}
				c := pod.Containers[0]
				if c.Args[0] != "--target="+name {
					t.Errorf("%s: args %v", name, c.Args)
				}
				if c.ReadinessProbe == nil || c.ReadinessProbe.HTTPGet == nil || c.ReadinessProbe.HTTPGet.Path != "/readyz" {
					t.Errorf("%s: readiness probe must GET /readyz", name)
				}
				if c.LivenessProbe == nil || c.LivenessProbe.HTTPGet == nil || c.LivenessProbe.HTTPGet.Path != "/healthz" {
					t.Errorf("%s: liveness probe must GET /healthz", name)
				}
				if c.StartupProbe == nil {
					t.Errorf("%s: no startup probe", name)
				}
				if c.Resources.Limits.Memory().IsZero() || c.Resources.Requests.Cpu().IsZero() || c.Resources.Requests.Memory().IsZero() {
					t.Errorf("%s: requests and a memory limit are required: %+v", name, c.Resources)
				}
				if c.SecurityContext == nil || c.SecurityContext.ReadOnlyRootFilesystem == nil || !*c.SecurityContext.ReadOnlyRootFilesystem {
					t.Errorf("%s: root filesystem must be read-only", name)
				}
				if pod.SecurityContext == nil || pod.SecurityContext.RunAsNonRoot == nil || !*pod.SecurityContext.RunAsNonRoot {
					t.Errorf("%s: must run as non-root", name)
				}
				if len(pod.TopologySpreadConstraints) == 0 {
					t.Errorf("%s: no topology spread", name)
				}
				h := r.hpas[full]
				if h == nil || h.Spec.MinReplicas == nil || *h.Spec.MinReplicas < 2 || h.Spec.MaxReplicas < *h.Spec.MinReplicas || h.Spec.ScaleTargetRef.Name != full {
					t.Errorf("%s: HPA missing or wrong: %+v", name, h)
				} else if m := h.Spec.Metrics; len(m) != 1 || m[0].Resource == nil || m[0].Resource.Target.AverageUtilization == nil {
					t.Errorf("%s: HPA must scale on CPU utilisation", name)
				}
				if p := r.pdbs[full]; p == nil || p.Spec.MaxUnavailable == nil {
					t.Errorf("%s: no PodDisruptionBudget", name)
				}
				s := r.services[full]
				if s == nil {
					t.Fatalf("%s: no Service", name)
				}
				// Only auth (and verifiers when no public key is given) mounts the signing key.
				env := map[string]string{}
				for _, e := range c.Env {
					env[e.Name] = e.Value
				}
				if vf == "values-production.yaml" && name != "auth" && env["ANQUAN_JWT_PRIVATE_KEY"] != "" {
					t.Errorf("%s: only auth may hold the signing key", name)
				}
			}
			if j := r.jobs["anquan-migrate"]; j == nil || j.Annotations["helm.sh/hook"] != "pre-install,pre-upgrade" || j.Spec.Template.Spec.Containers[0].Args[0] != "migrate" {
				t.Errorf("migrations Job missing or not a pre-upgrade hook")
			}
			cm := r.configMaps["anquan-config"]
			if cm == nil {
				t.Fatal("no ConfigMap")
			}
			var cfg struct {
				Services map[string]string `json:"services"`
				DB       struct {
					Migrate string `json:"migrate"`
				} `json:"db"`
			}
			if err := yaml.Unmarshal([]byte(cm.Data["anquan.yaml"]), &cfg); err != nil {
				t.Fatal(err)
			}
			if len(cfg.Services) != len(tg)-1 || cfg.Services["auth"] != "anquan-auth:9000" || cfg.DB.Migrate != "verify" {
				t.Errorf("config: %+v", cfg)
			}
			if len(r.policies) != 2 {
				t.Errorf("want the gateway's and the services' NetworkPolicy, got %d", len(r.policies))
			}
			if vf == "values.yaml" {
				if len(r.secrets) != 1 || len(r.ingresses) != 0 {
					t.Errorf("default values: %d Secrets, %d Ingresses", len(r.secrets), len(r.ingresses))
				}
				for _, s := range r.secrets {
					if !strings.Contains(s.StringData["jwt.pem"], "PRIVATE KEY") || len(s.StringData["ANQUAN_INTERNAL_SECRET"]) < 32 {
						t.Errorf("generated secret: %v", s.StringData)
					}
				}
			} else if len(r.secrets) != 0 || len(r.ingresses) != 1 {
				t.Errorf("production values: %d Secrets (want the existing one), %d Ingresses", len(r.secrets), len(r.ingresses))
			}
			if len(r.other) != 0 {
				t.Errorf("ServiceMonitor rendered without the Prometheus operator's API")
			}
		})
	}
	t.Run("ServiceMonitor", func(t *testing.T) {
		r := render(t, "", "monitoring.coreos.com/v1/ServiceMonitor")
		if r.other["ServiceMonitor/anquan"] == "" {
			t.Fatal("no ServiceMonitor where the Prometheus operator's API is served")
		}
	})
}

// A key rotation in progress: every target verifies with the previous
// public keys too, mounted from the Secret and named in the environment.
func TestPreviousPublicKeysReachEveryTarget(t *testing.T) {
	r := renderWith(t, "values.yaml", func(vals map[string]any) {
		vals["secret"].(map[string]any)["jwtPreviousPublicKeys"] = []any{"-----BEGIN PUBLIC KEY-----\nold1\n", "-----BEGIN PUBLIC KEY-----\nold2\n"}
	})
	for _, s := range r.secrets {
		if !strings.Contains(s.StringData["jwt.previous.1.pem"], "old2") {
			t.Errorf("secret: %v", s.StringData)
		}
	}
	for name, d := range r.deployments {
		pod := d.Spec.Template.Spec
		env := map[string]string{}
		for _, e := range pod.Containers[0].Env {
			env[e.Name] = e.Value
		}
		if env["ANQUAN_JWT_PREVIOUS_PUBLIC_KEYS"] != "/etc/anquan/keys/jwt.previous.0.pem,/etc/anquan/keys/jwt.previous.1.pem" {
			t.Errorf("%s: env %q", name, env["ANQUAN_JWT_PREVIOUS_PUBLIC_KEYS"])
		}
		mounted := 0
		for _, v := range pod.Volumes {
			if v.Secret == nil {
				continue
			}
			for _, it := range v.Secret.Items {
				if strings.HasPrefix(it.Key, "jwt.previous.") {
					mounted++
				}
			}
		}
		if mounted != 2 {
			t.Errorf("%s: %d previous keys mounted", name, mounted)
		}
	}
	for _, e := range render(t, "values.yaml").deployments["anquan-auth"].Spec.Template.Spec.Containers[0].Env {
		if e.Name == "ANQUAN_JWT_PREVIOUS_PUBLIC_KEYS" {
			t.Fatal("no rotation, no previous keys")
		}
	}
}
