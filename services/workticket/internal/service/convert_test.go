package service

import (
	"testing"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	pb "anquan/proto/blade/workticket/v1"
	"anquan/workticket/internal/biz"
)

// fill sets every scalar field of m to a non-zero value.
func fill(m proto.Message) {
	r := m.ProtoReflect()
	fs := r.Descriptor().Fields()
	for i := 0; i < fs.Len(); i++ {
		f := fs.Get(i)
		var v protoreflect.Value
		switch f.Kind() {
		case protoreflect.StringKind:
			v = protoreflect.ValueOfString("v" + string(f.Name()))
		case protoreflect.BoolKind:
			v = protoreflect.ValueOfBool(true)
		case protoreflect.Int32Kind:
			v = protoreflect.ValueOfInt32(2)
		case protoreflect.Int64Kind:
			v = protoreflect.ValueOfInt64(1234567890123456789)
		case protoreflect.DoubleKind:
			v = protoreflect.ValueOfFloat64(12.5)
		default:
			continue
		}
		r.Set(f, v)
	}
}

// The type-specific fields cross proto -> biz -> proto by their JSON names;
// a field renamed on one side only would be lost silently, so every field
// of every sub-message must survive the round trip.
func TestTypeFieldsSurviveTheRoundTrip(t *testing.T) {
	cases := []struct {
		msg proto.Message
		biz any
	}{
		{&pb.HotWork{}, &biz.HotWorkFields{}}, {&pb.ConfinedSpace{}, &biz.ConfinedSpaceFields{}},
		{&pb.BlindPlate{}, &biz.BlindPlateFields{}}, {&pb.Altitude{}, &biz.AltitudeFields{}},
		{&pb.Lifting{}, &biz.LiftingFields{}}, {&pb.TemporaryPower{}, &biz.TemporaryPowerFields{}},
		{&pb.BreakGround{}, &biz.BreakGroundFields{}}, {&pb.OpenCircuit{}, &biz.OpenCircuitFields{}},
	}
	for _, c := range cases {
		fill(c.msg)
		if err := viaJSON(c.msg, c.biz); err != nil {
			t.Fatalf("%T: %v", c.msg, err)
		}
		back := c.msg.ProtoReflect().New().Interface()
		toProto(c.biz, back)
		if !proto.Equal(c.msg, back) {
			t.Errorf("%T lost fields:\n in  %v\n out %v", c.msg, c.msg, back)
		}
	}
}
