package server

import (
	"strings"
	"testing"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/dynamicpb"

	_ "anquan/proto/blade/accident/v1"
	_ "anquan/proto/blade/auth/v1"
	_ "anquan/proto/blade/change/v1"
	commonv1 "anquan/proto/blade/common/v1"
	_ "anquan/proto/blade/desk/v1"
	_ "anquan/proto/blade/emergency/v1"
	_ "anquan/proto/blade/factory/v1"
	_ "anquan/proto/blade/flow/v1"
	_ "anquan/proto/blade/health/v1"
	_ "anquan/proto/blade/monitor/v1"
	_ "anquan/proto/blade/prevention/v1"
	_ "anquan/proto/blade/records/v1"
	_ "anquan/proto/blade/resource/v1"
	_ "anquan/proto/blade/system/v1"
	_ "anquan/proto/blade/user/v1"
	_ "anquan/proto/blade/workticket/v1"
)

// requestMessages is every message a method of an Anquan service accepts,
// with every message reachable from one through its fields.
func requestMessages(t *testing.T) []protoreflect.MessageDescriptor {
	t.Helper()
	seen := map[protoreflect.FullName]protoreflect.MessageDescriptor{}
	var walk func(m protoreflect.MessageDescriptor)
	walk = func(m protoreflect.MessageDescriptor) {
		if _, ok := seen[m.FullName()]; ok || !strings.HasPrefix(string(m.FullName()), "blade.") {
			return
		}
		seen[m.FullName()] = m
		fs := m.Fields()
		for i := 0; i < fs.Len(); i++ {
			f := fs.Get(i)
			if f.IsMap() {
				f = f.MapValue()
			}
			if f.Message() != nil {
				walk(f.Message())
			}
		}
	}
	n := 0
	protoregistry.GlobalFiles.RangeFiles(func(fd protoreflect.FileDescriptor) bool {
		if !strings.HasPrefix(string(fd.Package()), "blade.") {
			return true
		}
		for i := 0; i < fd.Services().Len(); i++ {
			ms := fd.Services().Get(i).Methods()
			for j := 0; j < ms.Len(); j++ {
				walk(ms.Get(j).Input())
				n++
			}
		}
		return true
	})
	if n < 200 {
		t.Fatalf("only %d methods registered: a proto package is not imported by the test", n)
	}
	out := make([]protoreflect.MessageDescriptor, 0, len(seen))
	for _, m := range seen {
		out = append(out, m)
	}
	return out
}

// TestEveryRequestFieldIsBounded: each string and bytes field of every
// request message declares a maximum length, each list a maximum count and
// each map a maximum size with bounded values, so no input reaches a
// service unbounded (a new field without a bound fails here).
func TestEveryRequestFieldIsBounded(t *testing.T) {
	for _, m := range requestMessages(t) {
		fs := m.Fields()
		for i := 0; i < fs.Len(); i++ {
			f := fs.Get(i)
			rules, _ := proto.GetExtension(f.Options(), validate.E_Field).(*validate.FieldRules)
			name := string(f.FullName())
			switch {
			case f.IsMap():
				if rules.GetMap() == nil || rules.GetMap().MaxPairs == nil {
					t.Errorf("%s: map without max_pairs", name)
				}
				if f.MapValue().Kind() == protoreflect.StringKind && !hasMaxLen(rules.GetMap().GetValues().GetString()) {
					t.Errorf("%s: map of strings without values.string.max_len", name)
				}
			case f.IsList():
				if rules.GetRepeated() == nil || rules.GetRepeated().MaxItems == nil {
					t.Errorf("%s: list without max_items", name)
				}
				if f.Kind() == protoreflect.StringKind && !hasMaxLen(rules.GetRepeated().GetItems().GetString()) {
					t.Errorf("%s: list of strings without items.string.max_len", name)
				}
			case f.Kind() == protoreflect.StringKind:
				if !hasMaxLen(rules.GetString()) {
					t.Errorf("%s: string without max_len", name)
				}
			case f.Kind() == protoreflect.BytesKind:
				if rules.GetBytes() == nil || rules.GetBytes().MaxLen == nil {
					t.Errorf("%s: bytes without max_len", name)
				}
			}
		}
	}
}

// TestEveryRequestRuleCompiles: the validator accepts an empty instance of
// every request message, so no rule fails at run time with a 500.
func TestEveryRequestRuleCompiles(t *testing.T) {
	for _, m := range requestMessages(t) {
		if err := ValidateMessage(dynamicpb.NewMessage(m)); err != nil {
			t.Errorf("%s: %v", m.FullName(), err)
		}
	}
}

// TestValidationRefusesWithAChineseBadRequest: an oversized ids list is a
// 400 naming the field and the bound; a map with too many filters too.
func TestValidationRefusesWithAChineseBadRequest(t *testing.T) {
	err := ValidateMessage(&commonv1.IdsQuery{Ids: strings.Repeat("1234567890123456789,", 40000)})
	if status.Code(err) != codes.InvalidArgument || !strings.Contains(status.Convert(err).Message(), "ids 长度不能超过 20000 个字符") {
		t.Fatalf("oversized ids: %v", err)
	}
	q := &commonv1.PageQuery{Filters: map[string]string{}}
	for i := 0; i < 100; i++ {
		q.Filters[strings.Repeat("k", i+1)] = "v"
	}
	if err := ValidateMessage(q); status.Code(err) != codes.InvalidArgument || !strings.Contains(status.Convert(err).Message(), "filters 最多 64 项") {
		t.Fatalf("100 filters: %v", err)
	}
	if err := ValidateMessage(&commonv1.PageQuery{Current: 1, Size: 10, Filters: map[string]string{"name": "张"}}); err != nil {
		t.Fatalf("an ordinary page refused: %v", err)
	}
}

func hasMaxLen(r *validate.StringRules) bool { return r != nil && r.MaxLen != nil }
