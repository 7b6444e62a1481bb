package gateway

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/grpc-ecosystem/grpc-gateway/v2/utilities"

	commonv1 "anquan/proto/blade/common/v1"
)

// FuzzBladeQuery: any query string becomes a page request or an error,
// never a panic; a parameter that is not a field lands in filters under
// its own name, never in another field.
func FuzzBladeQuery(f *testing.F) {
	for _, s := range []string{"current=1&size=10&realName=张", "status_equal=1&createTime_datege=2026-01-01", "filters[a]=b&ascs=name",
		"current=abc", "size=-1&current=99999999999", "a.b.c=1&filters=x", "name=%27%20OR%201=1--", "%zz", "ids=1,2,3&descs=id,name"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		vals, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q := &commonv1.PageQuery{}
		if err := (bladeQuery{}).Parse(q, vals, utilities.NewDoubleArray(nil)); err != nil {
			return
		}
		explicit := false // filters[key]=v names a filter on purpose, whatever key says
		for k := range vals {
			explicit = explicit || strings.HasPrefix(k, "filters")
		}
		for k := range q.Filters {
			if !explicit && (k == "current" || k == "size" || k == "ascs" || k == "descs") {
				t.Fatalf("known field %q went into filters", k)
			}
		}
	})
}

// FuzzTokenForm: any body and content type at the token endpoint is a form
// or a refusal, never a panic; secrets in the query are always named.
func FuzzTokenForm(f *testing.F) {
	f.Add("application/x-www-form-urlencoded", "grant_type=password&username=admin&password=x", "")
	f.Add("multipart/form-data; boundary=X", "--X\r\nContent-Disposition: form-data; name=\"username\"\r\n\r\nadmin\r\n--X--\r\n", "")
	f.Add("application/json", `{"username":"admin"}`, "")
	f.Add("multipart/form-data", "--", "password=x")
	f.Add("application/x-www-form-urlencoded; charset=%%", "a=%zz", "client_secret=s")
	f.Fuzz(func(t *testing.T, ctype, body, query string) {
		r := httptest.NewRequest(http.MethodPost, "/api/blade-auth/oauth/token", strings.NewReader(body))
		r.Header.Set("Content-Type", ctype)
		if q, err := url.ParseQuery(query); err == nil {
			r.URL.RawQuery = q.Encode()
			for _, k := range secretParams {
				if _, has := q[k]; has && secretInQuery(r.URL.Query()) == "" {
					t.Fatalf("secret %q in the query not noticed", k)
				}
			}
		}
		_ = parseTokenForm(r)
	})
}
