package paging

import (
	"testing"
)

func TestParseFiltersKeepsOnlyWhitelistedFieldsAndReadsSuffixes(t *testing.T) {
	fields := Fields{"realName": "real_name", "status": "status", "createTime": "create_time"}
	conds, err := ParseFilters(map[string]string{
		"realName":          "张",
		"status_equal":      "1",
		"createTime_datege": "2026-01-01",
		"password":          "x", // not whitelisted: ignored
		"status_notequal":   "",  // empty: ignored
		"realName_likeleft": "三",
	}, fields)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Op{}
	for _, c := range conds {
		got[c.Column+"/"+string(c.Op)] = c.Op
	}
	for _, want := range []string{"real_name/like", "status/equal", "create_time/datege", "real_name/likeleft"} {
		if _, ok := got[want]; !ok {
			t.Errorf("missing %s in %v", want, got)
		}
	}
	if len(conds) != 4 {
		t.Errorf("want 4 conditions, got %d: %v", len(conds), conds)
	}
}

func TestParseFiltersRefusesBadDates(t *testing.T) {
	_, err := ParseFilters(map[string]string{"createTime_datege": "yesterday"}, Fields{"createTime": "create_time"})
	if err == nil {
		t.Fatal("want an error for an unreadable date")
	}
}

func TestNormalizeDefaultsCapsAndRefusesNegatives(t *testing.T) {
	cases := []struct {
		in        Query
		cur, size int
		wantErr   bool
	}{
		{Query{}, 1, 10, false},
		{Query{Current: 3, Size: 5000}, 3, MaxSize, false},
		{Query{Current: -1}, 0, 0, true},
		{Query{Size: -5}, 0, 0, true},
	}
	for _, c := range cases {
		q := c.in
		err := q.Normalize()
		if (err != nil) != c.wantErr {
			t.Fatalf("%+v: err %v", c.in, err)
		}
		if err == nil && (q.Current != c.cur || q.Size != c.size) {
			t.Fatalf("%+v: got %d/%d", c.in, q.Current, q.Size)
		}
	}
}

func TestParseOrderAcceptsCamelAndSnakeWhitelistedColumns(t *testing.T) {
	o := ParseOrder("realName", "create_time,dropTable", Fields{"realName": "real_name", "createTime": "create_time"})
	if len(o) != 2 || o[0] != "real_name asc" || o[1] != "create_time desc" {
		t.Fatalf("order: %v", o)
	}
}
