package stack

import (
	"os"
	"slices"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestChartHasEveryTarget: the Helm chart (charts/anquan) has one Deployment
// per target, so a service added to the stack without its chart entry fails
// here; tests/chart checks the rendered manifests.
func TestChartHasEveryTarget(t *testing.T) {
	for _, file := range []string{"values.yaml", "values-production.yaml"} {
		b, err := os.ReadFile("../../charts/anquan/" + file) //nolint:gosec // G304: the chart's own values files
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Targets map[string]any `yaml:"targets"`
		}
		if err := yaml.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		var chart []string
		for k := range v.Targets {
			chart = append(chart, k)
		}
		want := slices.DeleteFunc(Targets(), func(s string) bool { return s == "all" })
		slices.Sort(chart)
		slices.Sort(want)
		if !slices.Equal(chart, want) {
			t.Errorf("%s targets %v, anquan --target= accepts %v", file, chart, want)
		}
	}
}
