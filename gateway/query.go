package gateway

import (
	"net/url"
	"strings"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/grpc-ecosystem/grpc-gateway/v2/utilities"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// bladeQuery fills known fields from the query string the normal way and
// moves every other parameter into the message's `filters` map (when it has
// one), so Blade filter keys (`realName`, `status_equal`, ...) reach the
// service without any handler parsing URLs. Parameters that are neither are
// dropped.
type bladeQuery struct{}

// Parameters the clients add that are never data.
var ignoredParams = map[string]bool{"blade-auth": true, "_t": true, "t": true}

func (bladeQuery) Parse(target proto.Message, values url.Values, filter *utilities.DoubleArray) error {
	md := target.ProtoReflect().Descriptor()
	filters := md.Fields().ByName("filters")
	if filters != nil && !(filters.IsMap() && filters.MapValue().Kind() == protoreflect.StringKind) {
		filters = nil
	}
	known := url.Values{}
	var fm protoreflect.Map
	for key, vals := range values {
		if ignoredParams[key] || len(vals) == 0 {
			continue
		}
		root := key
		if i := strings.IndexAny(key, ".["); i > 0 {
			root = key[:i]
		}
		if f := md.Fields().ByJSONName(root); f != nil || md.Fields().ByName(protoreflect.Name(root)) != nil {
			if root == "filters" && filters != nil && strings.HasPrefix(key, "filters[") {
				k := strings.TrimSuffix(strings.TrimPrefix(key, "filters["), "]")
				if fm == nil {
					fm = target.ProtoReflect().Mutable(filters).Map()
				}
				fm.Set(protoreflect.ValueOfString(k).MapKey(), protoreflect.ValueOfString(vals[0]))
				continue
			}
			known[key] = vals
			continue
		}
		if filters != nil {
			if fm == nil {
				fm = target.ProtoReflect().Mutable(filters).Map()
			}
			fm.Set(protoreflect.ValueOfString(key).MapKey(), protoreflect.ValueOfString(vals[0]))
		}
	}
	return (&runtime.DefaultQueryParser{}).Parse(target, known, filter)
}
