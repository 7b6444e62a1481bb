package biz

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// A flow a service started for itself has no applicant: its completion
// tells nobody, quietly; a malformed applicant is still a warning.
func TestToUserInIfAny(t *testing.T) {
	to := ToUserInIfAny("applicantId")
	cases := []struct {
		name string
		data map[string]any
		want int64
		err  error
	}{
		{"applicant", map[string]any{"applicantId": "42"}, 42, nil},
		{"json number", map[string]any{"applicantId": json.Number("7")}, 7, nil},
		{"started by a service", map[string]any{"title": "隐患整改"}, 0, errNobody},
		{"zero", map[string]any{"applicantId": "0"}, 0, errNoRecipient},
		{"not a number", map[string]any{"applicantId": "x"}, 0, errNoRecipient},
	}
	for _, c := range cases {
		a, err := to(context.Background(), nil, Event{Data: c.data})
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("%s: err %v, want %v", c.name, err, c.err)
			}
			continue
		}
		if err != nil || len(a.UserIDs) != 1 || a.UserIDs[0] != c.want {
			t.Errorf("%s: %+v %v, want user %d", c.name, a, err, c.want)
		}
	}
}
