// Package valid holds the input checks every service's business layer makes
// on texts, with the Chinese messages users see (请填写…, …不能超过N个字符).
// Proto rules bound the request at the edge; these are the rules of the
// record itself, so a call from another service is held to them too.
package valid

import (
	"math"
	"strings"
	"unicode/utf8"

	"anquan/kit/errs"
)

// Required refuses a blank text (what names the field: 请填写<what>).
func Required(what, v string) error {
	if strings.TrimSpace(v) == "" {
		return errs.BadRequest("请填写%s", what)
	}
	return nil
}

// MaxLen refuses a text over max characters (runes, not bytes).
func MaxLen(what, v string, max int) error {
	if utf8.RuneCountInString(v) > max {
		return errs.BadRequest("%s不能超过%d个字符", what, max)
	}
	return nil
}

// Text is a required text of at most max characters, trimmed.
func Text(what, v string, max int) (string, error) {
	v = strings.TrimSpace(v)
	if err := Required(what, v); err != nil {
		return "", err
	}
	return v, MaxLen(what, v, max)
}

// Optional is a text of at most max characters, trimmed; blank is allowed.
func Optional(what, v string, max int) (string, error) {
	v = strings.TrimSpace(v)
	return v, MaxLen(what, v, max)
}

// Field is one text of a record with its bound, for MaxLens.
type Field struct {
	what string
	v    string
	max  int
}

// F names a text and its bound: valid.F("设备名称", e.Name, 100).
func F(what, v string, max int) Field { return Field{what, v, max} }

// MaxLens checks the bounds of a record's texts in order; the first over
// its bound is refused.
func MaxLens(fields ...Field) error {
	for _, f := range fields {
		if err := MaxLen(f.what, f.v, f.max); err != nil {
			return err
		}
	}
	return nil
}

// MaxMapCoord bounds a map position in the plant's local metres (±1000 km,
// the bound positioning puts on anchors and zone vertices).
const MaxMapCoord = 1e6

// MapPosition checks where a detector or camera sits on the plant map: both
// coordinates or neither (nil = not placed), finite and within ±1000 km of
// the map's origin (local metres, x east and y north).
func MapPosition(what string, x, y *float64) error {
	if (x == nil) != (y == nil) {
		return errs.BadRequest("%s的地图坐标 X 和 Y 需同时填写或同时留空", what)
	}
	for _, v := range []*float64{x, y} {
		if v != nil && (math.IsNaN(*v) || math.IsInf(*v, 0) || math.Abs(*v) > MaxMapCoord) {
			return errs.BadRequest("%s的地图坐标超出范围(±1000 km)", what)
		}
	}
	return nil
}
