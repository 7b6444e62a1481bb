package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"buf.build/go/protovalidate"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"

	"anquan/kit/errs"
)

// The request bounds (string lengths matching their columns, list sizes,
// map sizes) are declared beside each field in the protos as protovalidate
// rules, so they cannot drift from the messages; this interceptor enforces
// them on every call a service accepts, whether it came through the gateway
// or straight from another service. protovalidate compiles each message's
// rules once and checks the standard ones natively.
var validator = sync.OnceValues(func() (protovalidate.Validator, error) { return protovalidate.New() })

// Validate refuses a request that breaks its declared bounds with 400.
func Validate(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
	if err := ValidateMessage(req); err != nil {
		return nil, err
	}
	return h(ctx, req)
}

// ValidateMessage checks one message against its rules; a violation is a
// BadRequest naming the field and the bound in Chinese.
func ValidateMessage(req any) error {
	m, ok := req.(proto.Message)
	if !ok {
		return nil
	}
	v, err := validator()
	if err != nil {
		return err
	}
	err = v.Validate(m)
	if err == nil {
		return nil
	}
	var ve *protovalidate.ValidationError
	if !errors.As(err, &ve) || len(ve.Violations) == 0 {
		// A rule that does not compile is a fault of ours: refuse (fail
		// closed) and let the observe interceptor log it whole.
		return fmt.Errorf("request validation: %w", err)
	}
	msgs := make([]string, 0, 3)
	for i, vi := range ve.Violations {
		if i == 3 {
			break
		}
		msgs = append(msgs, describe(vi))
	}
	return errs.BadRequest("%s", strings.Join(msgs, ";"))
}

// describe words one violation for a user: the field by its JSON name and
// the bound broken.
func describe(v *protovalidate.Violation) string {
	field := fieldPath(v)
	limit := v.RuleValue.String()
	switch v.Proto.GetRuleId() {
	case "string.max_len":
		return fmt.Sprintf("%s 长度不能超过 %s 个字符", field, limit)
	case "string.min_len":
		return fmt.Sprintf("%s 长度不能少于 %s 个字符", field, limit)
	case "bytes.max_len":
		return fmt.Sprintf("%s 不能超过 %s 字节", field, limit)
	case "repeated.max_items", "map.max_pairs":
		return fmt.Sprintf("%s 最多 %s 项", field, limit)
	}
	if strings.HasSuffix(v.Proto.GetRuleId(), ".gte") || strings.HasSuffix(v.Proto.GetRuleId(), ".gt") {
		return fmt.Sprintf("%s 不能小于 %s", field, limit)
	}
	if strings.HasSuffix(v.Proto.GetRuleId(), ".lte") || strings.HasSuffix(v.Proto.GetRuleId(), ".lt") {
		return fmt.Sprintf("%s 不能大于 %s", field, limit)
	}
	return fmt.Sprintf("%s 不符合要求", field)
}

// fieldPath is the dotted path of JSON (camelCase) field names, as the
// client sent them; map keys and list indexes are left out.
func fieldPath(v *protovalidate.Violation) string {
	var b strings.Builder
	for i, e := range v.Proto.GetField().GetElements() {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(lowerCamel(e.GetFieldName()))
	}
	if b.Len() == 0 {
		return "参数"
	}
	return b.String()
}

func lowerCamel(s string) string {
	parts := strings.Split(s, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}
