package gateway

import (
	"cmp"
	"encoding/base64"
	"math"
	"slices"
	"strconv"
	"strings"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// appendJSON writes m as protojson does with EmitUnpopulated (camelCase
// names, 64-bit integers as strings, unset messages as null, wrappers as
// bare values), walking fields in declaration order. protojson sorts every
// message's fields by reflection on each call, which made it half of the
// gateway's CPU; this walk produces the same JSON without that.
// BenchmarkJSONEnc against BenchmarkProtojson (a 100-user page) measures
// the gap, TestEncoderParityOverEveryGeneratedMessage holds the bytes equal
// to protojson's for every generated message.
func appendJSON(b []byte, m protoreflect.Message) ([]byte, error) {
	md := m.Descriptor()
	if md.FullName().Parent() == "google.protobuf" {
		switch md.Name() {
		case "BoolValue", "Int32Value", "Int64Value", "UInt32Value", "UInt64Value", "StringValue", "DoubleValue", "FloatValue", "BytesValue":
			fd := md.Fields().ByNumber(1)
			return appendScalar(b, fd, m.Get(fd)), nil
		case "Empty":
			return append(b, "{}"...), nil
		default:
			// Other well-known types have special forms: leave them to protojson.
			raw, err := protojson.MarshalOptions{EmitUnpopulated: true}.Marshal(m.Interface())
			return append(b, raw...), err
		}
	}
	fields := md.Fields()
	b = append(b, '{')
	first := true
	for i := 0; i < fields.Len(); i++ {
		fd := fields.Get(i)
		// As protojson with EmitUnpopulated: an unset oneof member (proto3
		// `optional` included) is left out, so "not given" stays apart from 0.
		if fd.ContainingOneof() != nil && !m.Has(fd) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendString(b, fd.JSONName())
		b = append(b, ':')
		var err error
		switch {
		case fd.IsMap():
			b, err = appendMap(b, fd, m.Get(fd).Map())
		case fd.IsList():
			b, err = appendList(b, fd, m.Get(fd).List())
		case fd.Kind() == protoreflect.MessageKind || fd.Kind() == protoreflect.GroupKind:
			if !m.Has(fd) {
				b = append(b, "null"...)
			} else {
				b, err = appendJSON(b, m.Get(fd).Message())
			}
		default:
			b = appendScalar(b, fd, m.Get(fd))
		}
		if err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

func appendList(b []byte, fd protoreflect.FieldDescriptor, l protoreflect.List) ([]byte, error) {
	b = append(b, '[')
	msg := fd.Kind() == protoreflect.MessageKind || fd.Kind() == protoreflect.GroupKind
	for i := 0; i < l.Len(); i++ {
		if i > 0 {
			b = append(b, ',')
		}
		if msg {
			var err error
			if b, err = appendJSON(b, l.Get(i).Message()); err != nil {
				return nil, err
			}
		} else {
			b = appendScalar(b, fd, l.Get(i))
		}
	}
	return append(b, ']'), nil
}

// appendMap writes the entries in protojson's order: keys sorted (false
// before true, integers by value, strings by bytes), so the same map always
// gives the same bytes.
func appendMap(b []byte, fd protoreflect.FieldDescriptor, m protoreflect.Map) ([]byte, error) {
	keys := make([]protoreflect.MapKey, 0, m.Len())
	m.Range(func(k protoreflect.MapKey, _ protoreflect.Value) bool {
		keys = append(keys, k)
		return true
	})
	slices.SortFunc(keys, func(x, y protoreflect.MapKey) int {
		switch x.Interface().(type) {
		case bool:
			return cmp.Compare(b2i(x.Bool()), b2i(y.Bool()))
		case int32, int64:
			return cmp.Compare(x.Int(), y.Int())
		case uint32, uint64:
			return cmp.Compare(x.Uint(), y.Uint())
		}
		return strings.Compare(x.String(), y.String())
	})
	b = append(b, '{')
	vd := fd.MapValue()
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k.String())
		b = append(b, ':')
		v := m.Get(k)
		if vd.Kind() == protoreflect.MessageKind {
			var err error
			if b, err = appendJSON(b, v.Message()); err != nil {
				return nil, err
			}
			continue
		}
		b = appendScalar(b, vd, v)
	}
	return append(b, '}'), nil
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}

func appendScalar(b []byte, fd protoreflect.FieldDescriptor, v protoreflect.Value) []byte {
	switch fd.Kind() {
	case protoreflect.BoolKind:
		return strconv.AppendBool(b, v.Bool())
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return strconv.AppendInt(b, v.Int(), 10)
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return strconv.AppendUint(b, v.Uint(), 10)
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		b = append(b, '"')
		b = strconv.AppendInt(b, v.Int(), 10)
		return append(b, '"')
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		b = append(b, '"')
		b = strconv.AppendUint(b, v.Uint(), 10)
		return append(b, '"')
	case protoreflect.FloatKind:
		return appendFloat(b, v.Float(), 32)
	case protoreflect.DoubleKind:
		return appendFloat(b, v.Float(), 64)
	case protoreflect.StringKind:
		return appendString(b, v.String())
	case protoreflect.BytesKind:
		b = append(b, '"')
		b = base64.StdEncoding.AppendEncode(b, v.Bytes())
		return append(b, '"')
	case protoreflect.EnumKind:
		if ev := fd.Enum().Values().ByNumber(v.Enum()); ev != nil {
			return appendString(b, string(ev.Name()))
		}
		return strconv.AppendInt(b, int64(v.Enum()), 10)
	}
	return append(b, "null"...)
}

func appendFloat(b []byte, f float64, bits int) []byte {
	switch {
	case math.IsNaN(f):
		return append(b, `"NaN"`...)
	case math.IsInf(f, 1):
		return append(b, `"Infinity"`...)
	case math.IsInf(f, -1):
		return append(b, `"-Infinity"`...)
	}
	// As protojson (and encoding/json): plain decimals between 1e-6 and
	// 1e21, exponents outside, with a one-digit negative exponent unpadded.
	format := byte('f')
	if a := math.Abs(f); a != 0 {
		if bits == 64 && (a < 1e-6 || a >= 1e21) || bits == 32 && (float32(a) < 1e-6 || float32(a) >= 1e21) {
			format = 'e'
		}
	}
	b = strconv.AppendFloat(b, f, format, -1, bits)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return b
}

const hex = "0123456789abcdef"

// plain marks the bytes a JSON string carries as they are: everything
// from the space up but the quote and backslash (DEL and every byte of a
// multi-byte UTF-8 sequence too, as protojson; proto3 strings arrive
// validated as UTF-8 by the gRPC decoder).
var plain = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendString writes a JSON string, escaping quotes, backslashes and
// control characters and copying runs of plain bytes at once.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && plain[s[j]] {
			j++
		}
		b = append(b, s[i:j]...)
		if j == len(s) {
			break
		}
		switch c := s[j]; c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
		}
		i = j + 1
	}
	return append(b, '"')
}

// marshalData writes the envelope's data for m (lists unwrapped).
func marshalData(b []byte, m proto.Message) ([]byte, error) {
	r := m.ProtoReflect()
	fields := r.Descriptor().Fields()
	if fields.Len() == 1 {
		if f := fields.Get(0); f.Name() == "items" && f.IsList() {
			return appendList(b, f, r.Get(f).List())
		}
	}
	return appendJSON(b, r)
}
