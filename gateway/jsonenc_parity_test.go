package gateway

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	userv1 "anquan/proto/blade/user/v1"
)

// Values the filler cycles through, chosen where a hand-made encoder and
// protojson could disagree: escapes (quote, backslash, \b, \f, DEL, other
// control bytes, U+2028, HTML characters), 4-byte UTF-8, floats on both
// sides of the 'e' notation thresholds (1e-6, 1e21), negative zero, the
// 64-bit extremes (written as strings).
var (
	fillStrings = []string{"", "动火作业 \"quoted\" \\ \n\r\t", "\b\f\x00\x01\x1f\x7f", "a\u2028b\u2029 <script>&amp;</script>", "😀\u202E", "plain"}
	fillFloats  = []float64{0, 0.1, 1e-7, 1e-6, 123456.789, 1e20, 1e21, 1.5e300, -2.5e-10, math.Copysign(0, -1), -118.7, 3.4028234663852886e38}
	fillInts    = []int64{0, 1, -1, math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64, 1123598815738675201}
)

// filler sets every field of a message (lists of two, maps of three keys
// in unsorted order, nested messages to a depth), taking its scalars from
// the tables above in turn, so that successive variants cover them all.
type filler struct{ n int }

func (f *filler) next() int { f.n++; return f.n }

func (f *filler) scalar(fd protoreflect.FieldDescriptor) protoreflect.Value {
	i := f.next()
	switch fd.Kind() {
	case protoreflect.BoolKind:
		return protoreflect.ValueOfBool(i%2 == 0)
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return protoreflect.ValueOfInt32(int32(fillInts[i%len(fillInts)]))
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return protoreflect.ValueOfUint32(uint32(fillInts[i%len(fillInts)]))
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		return protoreflect.ValueOfInt64(fillInts[i%len(fillInts)])
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return protoreflect.ValueOfUint64(uint64(fillInts[i%len(fillInts)]))
	case protoreflect.FloatKind:
		return protoreflect.ValueOfFloat32(float32(fillFloats[i%len(fillFloats)]))
	case protoreflect.DoubleKind:
		return protoreflect.ValueOfFloat64(fillFloats[i%len(fillFloats)])
	case protoreflect.StringKind:
		return protoreflect.ValueOfString(fillStrings[i%len(fillStrings)])
	case protoreflect.BytesKind:
		return protoreflect.ValueOfBytes([]byte(fillStrings[i%len(fillStrings)]))
	case protoreflect.EnumKind:
		vals := fd.Enum().Values()
		if i%3 == 0 {
			return protoreflect.ValueOfEnum(99) // a number without a name
		}
		return protoreflect.ValueOfEnum(vals.Get(i % vals.Len()).Number())
	}
	panic(fd.Kind())
}

func (f *filler) mapKey(fd protoreflect.FieldDescriptor, j int) protoreflect.MapKey {
	switch fd.Kind() {
	case protoreflect.StringKind:
		return protoreflect.ValueOfString([]string{"b", "10", "a", "9", "é"}[j]).MapKey()
	case protoreflect.BoolKind:
		return protoreflect.ValueOfBool(j%2 == 0).MapKey()
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return protoreflect.ValueOfInt32([]int32{10, -3, 2, 9, 100}[j]).MapKey()
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		return protoreflect.ValueOfInt64([]int64{10, -3, 2, 9, 1123598815738675201}[j]).MapKey()
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return protoreflect.ValueOfUint32([]uint32{10, 3, 2, 9, 100}[j]).MapKey()
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return protoreflect.ValueOfUint64([]uint64{10, 3, 2, 9, 100}[j]).MapKey()
	}
	panic(fd.Kind())
}

func (f *filler) fill(m protoreflect.Message, depth int) {
	fields := m.Descriptor().Fields()
	for i := 0; i < fields.Len(); i++ {
		fd := fields.Get(i)
		isMsg := fd.Kind() == protoreflect.MessageKind || fd.Kind() == protoreflect.GroupKind
		switch {
		case fd.IsMap():
			mp := m.Mutable(fd).Map()
			for j := 0; j < 5; j++ {
				k := f.mapKey(fd.MapKey(), j)
				if fd.MapValue().Kind() == protoreflect.MessageKind {
					v := mp.NewValue()
					if depth > 0 {
						f.fill(v.Message(), depth-1)
					}
					mp.Set(k, v)
				} else {
					mp.Set(k, f.scalar(fd.MapValue()))
				}
			}
		case fd.IsList():
			l := m.Mutable(fd).List()
			for j := 0; j < 2; j++ {
				if isMsg {
					if depth == 0 {
						break
					}
					v := l.NewElement()
					f.fill(v.Message(), depth-1)
					l.Append(v)
				} else {
					l.Append(f.scalar(fd))
				}
			}
		case isMsg:
			if depth > 0 && f.next()%4 != 0 { // some left unset: null
				f.fill(m.Mutable(fd).Message(), depth-1)
			}
		default:
			if fd.ContainingOneof() != nil && f.next()%3 == 0 {
				continue // an unset optional or oneof member is left out
			}
			m.Set(fd, f.scalar(fd))
		}
	}
}

// protojsonCompact is protojson's answer without the spaces it inserts at
// random (its output is deliberately unstable), so bytes can be compared.
func protojsonCompact(t testing.TB, m proto.Message) []byte {
	want, err := protojson.MarshalOptions{EmitUnpopulated: true}.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var c bytes.Buffer
	if err := json.Compact(&c, want); err != nil {
		t.Fatal(err)
	}
	return c.Bytes()
}

// TestEncoderParityOverEveryGeneratedMessage: for every message the protos
// of this repository generate, filled in several variants, appendJSON
// writes the very bytes protojson writes (map keys in protojson's sorted
// order included), not only an equivalent document.
func TestEncoderParityOverEveryGeneratedMessage(t *testing.T) {
	count := 0
	protoregistry.GlobalTypes.RangeMessages(func(mt protoreflect.MessageType) bool {
		name := string(mt.Descriptor().FullName())
		if !strings.HasPrefix(name, "blade.") {
			return true
		}
		count++
		for variant := 0; variant < 4; variant++ {
			m := mt.New()
			(&filler{n: variant * 7}).fill(m, 2)
			want := protojsonCompact(t, m.Interface())
			got, err := appendJSON(nil, m)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s variant %d:\n got %s\nwant %s", name, variant, got, want)
				return false
			}
		}
		return true
	})
	if count < 100 {
		t.Fatalf("only %d generated messages registered", count)
	}
	t.Logf("%d messages, 4 variants each", count)
}

// page100 is a realistic user page: 100 users as the user list shows them.
func page100() *userv1.UserPage {
	p := &userv1.UserPage{Total: 1234, Size: 100, Current: 3, Pages: 13}
	for i := 0; i < 100; i++ {
		p.Records = append(p.Records, &userv1.User{
			Id: 1123598821738675201 + int64(i), TenantId: "000000", Code: fmt.Sprintf("U%05d", i), UserType: 1,
			Account: fmt.Sprintf("operator%03d", i), Name: "操作员", RealName: fmt.Sprintf("张三%d", i), NickName: "张三",
			Avatar: "/api/upload/preview/0123456789abcdef0123456789abcdef.png", Email: fmt.Sprintf("op%d@plant.example.cn", i),
			Phone: "13800138000", Birthday: "1990-01-01 00:00:00", Sex: 1, RoleId: "1123598816738675201,1123598816738675202",
			DeptId: "1123598813738675201", PostId: "1123598817738675208", RoleName: "安全员,操作员", DeptName: "生产一车间",
			PostName: "班组长", CreateUser: 1123598821738675201, CreateDept: 1123598813738675201, CreateTime: "2026-11-24 08:30:00",
			UpdateUser: 1123598821738675201, UpdateTime: "2026-11-24 09:15:42", Status: 1,
		})
	}
	return p
}

// The reason appendJSON exists: on a 100-user page it is several times
// faster than protojson (which sorts each message's fields by reflection on
// every call). Run: go test ./gateway -run '^$' -bench 'JSONEnc|Protojson' -benchmem
func BenchmarkJSONEnc(b *testing.B) {
	m := page100()
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		var err error
		if buf, err = appendJSON(buf[:0], m.ProtoReflect()); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(len(buf)))
}

func BenchmarkProtojson(b *testing.B) {
	m := page100()
	b.ReportAllocs()
	var n int
	for b.Loop() {
		out, err := protojson.MarshalOptions{EmitUnpopulated: true}.Marshal(m)
		if err != nil {
			b.Fatal(err)
		}
		n = len(out)
	}
	b.SetBytes(int64(n))
}
