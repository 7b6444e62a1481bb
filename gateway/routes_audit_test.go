package gateway

import (
	"slices"
	"testing"

	"anquan/kit/conf"
)

// Every service keeps an audit log (CONVENTIONS 6), so the audit page must list every service a
// deployment can address: a service added to conf.ServiceNames but not here would keep a log
// nobody can read from the page (monitor, education and others were missing once).
func TestAuditPageListsEveryService(t *testing.T) {
	for _, s := range conf.ServiceNames {
		if !slices.Contains(auditOrder, s) {
			t.Errorf("service %q is not in auditOrder", s)
		}
		if auditNames[s] == "" {
			t.Errorf("service %q has no name in auditNames", s)
		}
	}
	for _, s := range auditOrder {
		if !slices.Contains(conf.ServiceNames, s) {
			t.Errorf("auditOrder names %q, which is no service", s)
		}
	}
}
