package biz

import (
	"strings"
	"time"
	"unicode/utf8"

	"anquan/kit/errs"
	"anquan/kit/timefmt"
)

// oneOf refuses a code missing from its dictionary.
func oneOf[K comparable](dict map[K]string, v K, label string) error {
	if _, ok := dict[v]; !ok {
		return errs.BadRequest("%s的取值 %v 不在字典中", label, v)
	}
	return nil
}

// parseTime reads a wire time; empty gives def (ok) unless req.
func parseTime(s, label string, req bool, def time.Time) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		if req {
			return time.Time{}, errs.BadRequest("请填写%s", label)
		}
		return def, nil
	}
	t, ok := timefmt.Parse(s)
	if !ok {
		return time.Time{}, errs.BadRequest("%s格式错误,应为 yyyy-MM-dd HH:mm:ss", label)
	}
	return t, nil
}

// firstRunes shortens a text for a name.
func firstRunes(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// cleanList normalises a comma list of stored file names.
func cleanList(s string) string {
	parts := strings.Split(s, ",")
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, ",")
}
