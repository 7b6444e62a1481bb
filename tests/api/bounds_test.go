package api

import (
	"fmt"
	"strings"
	"testing"
)

// TestBoundsAreRefusedWith400: oversized inputs (an ids list of 40,000, a
// 100,000-character name, a filter map of 100 keys) answer 400 with the
// Blade envelope and the field's bound, never 500; a value at the bound in
// 4-byte characters is stored whole (on MySQL too: utf8mb4 columns).
func TestBoundsAreRefusedWith400(t *testing.T) {
	for _, b := range backends {
		if b.name == "redis+nats" {
			continue // bounds do not depend on the cache or the bus
		}
		t.Run(b.name, func(t *testing.T) {
			e := start(t, b)
			admin := e.login("100001", "admin", "admin")
			ids := make([]string, 40000)
			for i := range ids {
				ids[i] = fmt.Sprint(1_000_000_000_000_000_000 + int64(i))
			}
			fails(t, e.post("/api/blade-desk/message/read?ids="+strings.Join(ids, ","), admin, nil), 400, "ids 长度不能超过", "40,000 ids")
			short := make([]string, 1500)
			for i := range short {
				short[i] = fmt.Sprint(i + 1)
			}
			fails(t, e.post("/api/blade-desk/message/read?ids="+strings.Join(short, ","), admin, nil), 400, "最多选择 1000 条", "1,500 short ids")

			fails(t, e.post("/api/blade-system/post/submit", admin, map[string]any{"postCode": "long", "postName": strings.Repeat("岗", 100_000), "category": 1}),
				400, "postName 长度不能超过", "100,000-character post name")
			q := "/api/blade-user/page?current=1&size=10"
			for i := 0; i < 100; i++ {
				q += fmt.Sprintf("&f%d=x", i)
			}
			fails(t, e.get(q, admin), 400, "filters 最多", "100 filters")

			// At the bound, in 4-byte characters: stored and read back whole.
			name := strings.Repeat("😀", 50)
			r := e.post("/api/blade-system/post/submit", admin, map[string]any{"postCode": "emoji", "postName": name, "category": 1})
			ok(t, r, "post name of 50 emoji")
			l := e.get("/api/blade-system/post/list?postCode_equal=emoji", admin)
			if len(l.list()) != 1 || l.list()[0].(map[string]any)["postName"] != name {
				t.Fatalf("emoji post name not stored whole: %s", truncate(l.Raw))
			}
		})
	}
}
